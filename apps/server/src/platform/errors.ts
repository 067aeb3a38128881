import { codeOfStatus, type ErrorCode } from '@image-lab/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** The one error type services throw; its message is shown to people, so it comes from the spec. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** One of the contract's ERROR_CODES: what clients switch on. */
    readonly code: ErrorCode,
    message: string,
    /** The toast title of the spec's error catalogue, when the error has one. */
    readonly title?: string,
    /** More for the client, sent beside the message (e.g. an edit's per-clause reports). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Unauthorized') =>
  new AppError(401, 'unauthorized', message);
export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message);

/** SQLSTATE class 22 ("data exception"): the value sent could not be stored or compared. */
export function isDataException(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const internalError = { message: 'Internal Server Error', code: 'internal_error' } as const;

/**
 * The router's own refusals (a path parameter too long, a URL that cannot be decoded), which never
 * reach the error handler: the same JSON {message, code}.
 */
export function answerRouterError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  void reply.status(status).send({ message: error.message, code: codeOfStatus(status) });
}

type ValidationIssue = { path: (string | number)[]; message: string };

function validationIssues(error: unknown): ValidationIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => ({
    path: v.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    message: v.message ?? 'Invalid value',
  }));
}

/**
 * One error handler: JSON {message, code} (code one of the contract's ERROR_CODES); a 5xx never
 * reveals what went wrong inside.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.details, message: error.message, code: error.code, title: error.title });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = validationIssues(error);
      const first = issues[0];
      const where = first?.path.join('.') || error.validationContext || 'request';
      return reply.status(400).send({
        message: first ? `${where}: ${first.message}` : 'Invalid request',
        code: 'validation_failed',
        issues,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(internalError);
    }
    if (isDataException(error)) {
      // A value PostgreSQL could not take (bad encoding, out of range...): the client's fault.
      request.log.warn({ err: error }, 'database refused a value');
      return reply
        .status(400)
        .send({ message: 'A value in the request is not valid', code: 'invalid_value' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type...) and the
      // rate limiter's answers, whose code is ours already.
      const code = status === 429 ? 'rate_limited' : codeOfStatus(status);
      return reply.status(status).send({ message: error.message, code });
    }
    request.log.error({ err: error }, 'request failed');
    const fault = status >= 500 ? status : 500;
    return reply.status(fault).send({ ...internalError, code: codeOfStatus(fault) });
  });
}
