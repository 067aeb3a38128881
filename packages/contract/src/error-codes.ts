// Free of zod: the web app imports it through '@image-lab/contract/error-codes' (see catalogue).

/**
 * Every `code` an error answer of the API can carry, beside its `message`. Clients switch on the
 * code (and the status), never on the message, which is the spec's wording and may change.
 */
export const ERROR_CODES = [
  // Any status without a more precise code (see codeOfStatus).
  'bad_request',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'not_implemented',
  'bad_gateway',
  'service_unavailable',
  'gateway_timeout',
  // The request itself.
  'validation_failed',
  'invalid_value',
  'invalid_key',
  'invalid_cursor',
  'invalid_text',
  'invalid_number',
  'invalid_payload',
  'invalid_signature',
  'not_our_image',
  'too_many_parts',
  // Sign-in, account and sharing.
  'invalid_credentials',
  'login_expired',
  'login_required',
  'login_2fa',
  'invalid_code',
  'invalid_password',
  'wrong_password',
  'invalid_reset_token',
  'same_email',
  'name_required',
  'no_setup',
  'two_factor_enabled',
  'share_with_self',
  // A shared account: read-only access, or an action only the account's owner may take.
  'read_only_access',
  'own_account_only',
  'share_expired',
  'invalid_share_token',
  'project_not_found',
  // Credits, guests and payment.
  'out_of_credits',
  'not_enough_tokens',
  'guest_limit',
  'guest_upload_first',
  'card_declined',
  'card_error',
  'invalid_expiry',
  'unknown_amount',
  'already_paid',
  'already_subscribed',
  'already_unlocked',
  'no_subscription',
  'payment_provider_failed',
  // Files and images.
  'file_too_large',
  'invalid_file_type',
  'too_many_pixels',
  'corrupt_image',
  'unreadable_image',
  'bad_upload',
  'no_images',
  'too_many_images',
  'not_an_image',
  'bad_archive',
  'invalid_mask',
  'content_moderated',
  'content_not_allowed',
  // Edits and generation.
  'no_image',
  'preset_needs_image',
  'no_instructions',
  'no_reference',
  'unknown_preset',
  'nothing_to_do',
  'nothing_at_point',
  'nothing_to_keep',
  'missing_reference',
  'invalid_scale',
  'too_large',
  'unknown_style',
  'capability_unavailable',
  'generation_failed',
  'no_result',
  'timeout',
  'video_failed',
  'segmentation_failed',
  'search_failed',
  'provider_timeout',
  'provider_unavailable',
  'provider_misconfigured',
  'provider_rejected',
  'provider_rate_limited',
  'not_configured',
  // Jobs, rooms, projects and the whiteboard.
  'job_ended',
  'cancelled',
  'project_deleted',
  'deleted_meanwhile',
  'already_processing',
  'already_completed',
  'not_processed',
  'no_more_styles',
  'version_conflict',
  'whiteboard_full',
  'bad_neighbours',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && KNOWN.has(code);

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'unprocessable',
  429: 'rate_limited',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** The code of an answer that has no more precise one. */
export function codeOfStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** `code` when it is one of ours, else the code of the status (a code read back from data). */
export const knownCodeOr = (code: unknown, status: number): ErrorCode =>
  isErrorCode(code) ? code : codeOfStatus(status);
