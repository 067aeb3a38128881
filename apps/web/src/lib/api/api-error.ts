import type { ClauseReport } from '@image-lab/contract';
import { codeOfStatus, isErrorCode, type ErrorCode } from '@image-lab/contract/error-codes';

/**
 * A non-OK answer of the API: its status, the contract's error code and the server's message.
 * Screens switch on `code` (or `status`), never on the message, which is for people.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The whole JSON answer: the catalogue's `title`, an edit's `clauses`, a 409's board... */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  /** The toast title the server chose from the error catalogue, when it sent one. */
  get title(): string | undefined {
    return nonBlank(this.body.title);
  }

  /** An edit that did nothing: per clause, why (POST /api/edit-image's 422). */
  get clauses(): ClauseReport[] | undefined {
    const clauses = this.body.clauses;
    return Array.isArray(clauses) && clauses.length ? (clauses as ClauseReport[]) : undefined;
  }
}

const nonBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value : undefined;

/** The error of a non-OK answer: its JSON {message, code} when it has one, else its status. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      body = parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON (a proxy's page, an empty answer): the status says what happened.
  }
  const code = isErrorCode(body.code) ? body.code : codeOfStatus(res.status);
  const message = nonBlank(body.message) ?? (text.trim() || res.statusText || String(res.status));
  return new ApiError(res.status, code, message, body);
}

/** What a failure was: an answer of the API (status and code), or no answer at all (null). */
export interface Failure {
  status: number | null;
  code: ErrorCode | null;
  /** The server's own words (the `message` of its JSON), when it sent some. */
  message?: string;
  title?: string;
  clauses?: ClauseReport[];
}

/** Reads any error: an ApiError, or anything else as a failed request (no answer at all). */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { status: null, code: null };
  const { status, code, title, clauses } = error;
  // Only words the server chose: a proxy's page or a bare status text is no message to show.
  return { status, code, message: nonBlank(error.body.message), title, clauses };
}

/** An error as JSON, for the state a server-rendered page hands to the browser. */
export function errorToJson(error: Error) {
  if (!(error instanceof ApiError)) return { message: error.message };
  const { message, status, code, body } = error;
  return { message, status, code, body };
}

/** The error again from errorToJson's JSON: an answer of the API stays an ApiError. */
export function errorFromJson(json: unknown): Error {
  const { message, status, code, body } = (json ?? {}) as Record<string, unknown>;
  const text = typeof message === 'string' ? message : '';
  if (typeof status !== 'number') return new Error(text);
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return new ApiError(status, isErrorCode(code) ? code : codeOfStatus(status), text, fields);
}

/** The server's message of an answered call, if there is one. */
export const serverMessage = (error: unknown) => failureOf(error).message;

/** Whether the call got no answer at all (offline, refused, aborted). */
export const isNetworkError = (error: unknown) => failureOf(error).status === null;

export const isUnauthorizedError = (error: unknown) => failureOf(error).status === 401;
