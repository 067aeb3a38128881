export type EngineInputErrorCode =
  | 'unsupported_type'
  | 'too_many_pixels'
  | 'corrupt'
  | 'nothing_to_do'
  | 'unknown_preset'
  | 'missing_reference'
  | 'invalid_scale'
  | 'too_large'
  | 'unknown_style';

/**
 * A refusal caused by what the caller sent (a file, a prompt, a preset name), as opposed to a
 * fault of the engine. Callers map the code to a user-facing message.
 */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';

  constructor(
    readonly code: EngineInputErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
