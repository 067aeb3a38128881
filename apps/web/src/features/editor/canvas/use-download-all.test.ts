import type { EditedImageRecord } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { recordFromUpload } from '../history/records.ts';
import { imagesToZip, isNoImagesError, zipEndpoint } from './use-download-all.ts';

function record(
  id: string,
  createdAt: string,
  extra: Partial<EditedImageRecord> = {},
): EditedImageRecord {
  const base = recordFromUpload(
    { id, imageUrl: `/uploads/images/a/${id}.jpg`, width: 30, height: 40, aspectRatio: '3:4' },
    { sessionId: 'session-1' },
  );
  return { ...base, createdAt, created_at: createdAt, ...extra };
}

describe('imagesToZip', () => {
  const upload = record('u', '2025-01-01T10:00:00Z');
  const edit = record('e', '2025-01-01T10:05:00Z', { prompt: 'sunset', imageType: 'generated' });
  const elsewhere = record('x', '2025-01-01T09:00:00Z', { sessionId: 'session-0' });

  it('takes the images of the current session, oldest first', () => {
    expect(imagesToZip([edit, elsewhere, upload], 'session-1')).toEqual([
      { url: '/uploads/images/a/u.jpg', prompt: '[UPLOADED IMAGE]' },
      { url: '/uploads/images/a/e.jpg', prompt: 'sunset' },
    ]);
  });

  it('falls back to every image in the history when the session made none', () => {
    expect(imagesToZip([edit, elsewhere, upload], 'session-2').map((i) => i.url)).toEqual([
      '/uploads/images/a/x.jpg',
      '/uploads/images/a/u.jpg',
      '/uploads/images/a/e.jpg',
    ]);
  });

  it('is empty when there are no images at all', () => {
    expect(imagesToZip([], 'session-1')).toEqual([]);
  });

  it('sends each image once, the newest 100 when there are more', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      record(`r${String(i).padStart(3, '0')}`, new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString()),
    );
    const list = imagesToZip([...many, many[5]!], 'session-1');
    expect(list).toHaveLength(100);
    expect(list[0]?.url).toBe('/uploads/images/a/r020.jpg');
    expect(list.at(-1)?.url).toBe('/uploads/images/a/r119.jpg');
    expect(new Set(list.map((i) => i.url)).size).toBe(100);
  });

  it('sends no prompt rather than an empty one', () => {
    expect(imagesToZip([record('n', '2025-01-01T00:00:00Z', { prompt: '' })], 's')).toEqual([
      { url: '/uploads/images/a/n.jpg', prompt: null },
    ]);
  });
});

describe('zipEndpoint and isNoImagesError', () => {
  it('picks the guest endpoint for guests', () => {
    expect(zipEndpoint(false)).toBe('/api/download-all-images');
    expect(zipEndpoint(true)).toBe('/api/download-all-images-guest');
  });

  it('recognises the server’s “No images” answer by its code only', () => {
    const answer = (code: 'no_images' | 'not_found' | 'not_our_image') =>
      new ApiError(code === 'not_found' ? 404 : 400, code, 'No images to download.');
    expect(isNoImagesError(answer('no_images'))).toBe(true);
    expect(isNoImagesError(answer('not_found'))).toBe(false);
    expect(isNoImagesError(answer('not_our_image'))).toBe(false);
    expect(isNoImagesError(new Error('400: No images to download.'))).toBe(false);
  });
});
