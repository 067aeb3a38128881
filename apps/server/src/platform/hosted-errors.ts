import type { HostedProviderError } from '@image-lab/engine';
import { AppError } from './errors.ts';
import { contentModerated } from './moderation.ts';

/**
 * A hosted provider's failure as the answer the editor shows. Texts stay under 50 characters,
 * because the editor shows longer server messages as 'Try again.' (working areas §8); a
 * refusal by the provider's safety system is the catalogue's 'Content Moderated'.
 */
export function hostedRefusal(error: HostedProviderError): AppError {
  switch (error.failure) {
    case 'content_refused':
      return contentModerated();
    case 'rate_limited':
      return new AppError(
        429,
        'provider_rate_limited',
        'The AI service is busy. Try again shortly.',
      );
    case 'timeout':
      return new AppError(504, 'provider_timeout', 'The AI service took too long. Try again.');
    case 'unavailable':
      return new AppError(502, 'provider_unavailable', 'The AI service is unavailable. Try again.');
    case 'misconfigured':
      return new AppError(502, 'provider_misconfigured', 'The AI service is not set up correctly.');
    case 'rejected':
      return new AppError(
        422,
        'provider_rejected',
        'Please try again with a different prompt.',
        'Image generation failed',
      );
    case 'no_result':
      return new AppError(502, 'no_result', 'Image generation failed', 'Image generation failed');
  }
}
