import { describe, expect, it } from 'vitest';
import { countShared, shareFailure } from './shared-api.ts';

describe('shareFailure', () => {
  it('calls a 410 or a mention of expiry "expired"', () => {
    const body = JSON.stringify({
      message: 'This share link has expired',
      code: 'share_expired',
      title: 'Share Expired',
    });
    expect(shareFailure(new Error(`410: ${body}`))).toBe('expired');
    expect(shareFailure(new Error('400: token Expired'))).toBe('expired');
  });

  it('calls everything else "not found"', () => {
    expect(shareFailure(new Error('404: {"message":"Share not found"}'))).toBe('notFound');
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
