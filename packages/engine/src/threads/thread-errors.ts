import { EngineInputError, type EngineInputErrorCode } from '../errors.ts';

/** An error as it crosses threads: enough to be the same error on the other side. */
export interface SerialisedError {
  name: string;
  message: string;
  code?: string;
  clauses?: EngineInputError['clauses'];
}

export function rebuildError(error: SerialisedError): Error {
  if (error.name === 'EngineInputError') {
    return new EngineInputError(error.code as EngineInputErrorCode, error.message, {
      clauses: error.clauses,
    });
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

export function serialiseError(error: unknown): SerialisedError {
  if (error instanceof EngineInputError) {
    return { name: error.name, message: error.message, code: error.code, clauses: error.clauses };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
