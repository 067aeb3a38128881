import { APICallError, NoImageGeneratedError, RetryError } from 'ai';

export type HostedFailure =
  /** 429 after every retry, or a Retry-After too long to wait for. */
  | 'rate_limited'
  /** The provider's safety system refused the prompt, the input or the result. */
  | 'content_refused'
  | 'timeout'
  /** 5xx after every retry, or the provider could not be reached. */
  | 'unavailable'
  /** 401, 403, 404: a wrong key, model name or address — the operator's problem. */
  | 'misconfigured'
  /** 400 or 422 for another reason: the provider would not take this request. */
  | 'rejected'
  /** An answer without a usable image or text. */
  | 'no_result';

/** A hosted provider's failure, classified so the server can answer it from the catalogue. */
export class HostedProviderError extends Error {
  override readonly name = 'HostedProviderError';

  constructor(
    readonly failure: HostedFailure,
    readonly provider: string,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

/** Marks an HTTP answer of a provider we call without the AI SDK (ComfyUI). */
export class ProviderHttpError extends Error {
  override readonly name = 'ProviderHttpError';

  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Record<string, string>,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
  }
}

/** Words providers use in their safety refusals (OpenAI, Gemini, fal, Replicate/BFL). */
const REFUSAL =
  /moderation_blocked|content_policy|safety system|safety_violations|nsfw|flagged as sensitive|\bE005\b|IMAGE_SAFETY|PROHIBITED_CONTENT|"?blockReason"?|finishReason"?\s*:\s*"SAFETY"/i;

export const looksLikeRefusal = (text: string | undefined) => Boolean(text && REFUSAL.test(text));

export interface HttpFacts {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** False when the request never got an answer (connection refused, reset). */
  answered: boolean;
}

/** Status, body and headers of a failed call, whichever client made it. */
export function httpFacts(error: unknown): HttpFacts | undefined {
  if (RetryError.isInstance(error)) return httpFacts(error.lastError);
  if (APICallError.isInstance(error)) {
    return {
      status: error.statusCode,
      body: error.responseBody,
      headers: error.responseHeaders,
      answered: error.statusCode !== undefined || error.responseBody !== undefined,
    };
  }
  if (error instanceof ProviderHttpError) {
    return { status: error.status, body: error.body, headers: error.headers, answered: true };
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return { answered: false };
  }
  return undefined;
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds. */
export function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number.parseFloat(lower['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = lower['retry-after'];
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && /^\s*[\d.]+\s*$/.test(value)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** 429, 5xx, 408 and dropped connections are worth another attempt; nothing else is. */
export function isRetryable(facts: HttpFacts | undefined): boolean {
  if (!facts) return false;
  if (!facts.answered) return true;
  const status = facts.status ?? 0;
  return status === 429 || status === 408 || status >= 500;
}

function failureOf(facts: HttpFacts): HostedFailure {
  if (!facts.answered) return 'unavailable';
  const status = facts.status ?? 0;
  if (looksLikeRefusal(facts.body) && status < 500 && status !== 429) return 'content_refused';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 403 || status === 404) return 'misconfigured';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'rejected';
  // A 2xx whose body did not fit the expected shape (e.g. a failed Replicate prediction).
  return 'no_result';
}

/** Any error a provider call ended with, as a HostedProviderError (aborts pass through). */
export function classifyFailure(error: unknown, provider: string): unknown {
  if (error instanceof HostedProviderError) return error;
  if (NoImageGeneratedError.isInstance(error)) {
    return new HostedProviderError('no_result', provider, 'The provider returned no image', {
      cause: error,
    });
  }
  const facts = httpFacts(error);
  if (!facts) {
    if (error instanceof Error && error.name === 'AbortError') return error;
    const message = error instanceof Error ? error.message : String(error);
    return new HostedProviderError('no_result', provider, message, { cause: error });
  }
  const failure = failureOf(facts);
  return new HostedProviderError(
    failure,
    provider,
    `${provider}: ${failure}${facts.status ? ` (HTTP ${facts.status})` : ''}`,
    { status: facts.status, retryAfterMs: retryAfterMs(facts.headers), cause: error },
  );
}
