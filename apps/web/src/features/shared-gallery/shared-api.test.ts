import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { countShared, shareFailure } from './shared-api.ts';

describe('shareFailure', () => {
  it('calls a 410 "expired"', () => {
    expect(shareFailure(new ApiError(410, 'share_expired', 'This share link has expired'))).toBe(
      'expired',
    );
  });

  it('calls everything else "not found"', () => {
    expect(shareFailure(new ApiError(404, 'not_found', 'Share not found'))).toBe('notFound');
    expect(shareFailure(new ApiError(400, 'invalid_share_token', 'token expired'))).toBe(
      'notFound',
    );
    expect(shareFailure(new TypeError('Failed to fetch'))).toBe('notFound');
    expect(shareFailure('500: oops')).toBe('notFound');
  });
});

describe('countShared', () => {
  it('counts uploads and generated images', () => {
    const items = [
      { imageType: 'upload' as const },
      { imageType: 'generated' as const },
      { imageType: 'generated' as const },
    ];
    expect(countShared(items)).toEqual({ total: 3, uploaded: 1, generated: 2 });
    expect(countShared([])).toEqual({ total: 0, uploaded: 0, generated: 0 });
  });
});
