import type { Capability } from './provider.ts';

export type EngineInputErrorCode =
  | 'unsupported_type'
  | 'too_many_pixels'
  | 'corrupt'
  | 'nothing_to_do'
  | 'unknown_preset'
  | 'missing_reference'
  | 'invalid_scale'
  | 'too_large'
  | 'unknown_style'
  | 'invalid_mask';

/**
 * A refusal caused by what the caller sent (a file, a prompt, a preset name), as opposed to a
 * fault of the engine. Callers map the code to a user-facing message.
 */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';

  /** Per clause of an edit prompt, what could not be done and why (see ClauseReport). */
  readonly clauses?: ReadonlyArray<{ text: string; done: boolean; code: string; params?: object }>;

  constructor(
    readonly code: EngineInputErrorCode,
    message: string,
    options?: { cause?: unknown; clauses?: EngineInputError['clauses'] },
  ) {
    super(message, options);
    this.clauses = options?.clauses;
  }
}

/**
 * The work needs a capability that no provider of this server offers (a hosted model for
 * multiview, say). The message says what is missing, for the person who asked.
 */
export class CapabilityUnavailableError extends Error {
  override readonly name = 'CapabilityUnavailableError';

  constructor(
    readonly capability: Capability,
    message: string,
  ) {
    super(message);
  }
}
