import { describe, expect, it } from 'vitest';
import {
  columnsForWidth,
  dedupeGalleryItems,
  rewriteDevHostUrl,
  stableTileHeight,
  withCacheBust,
} from './gallery-utils.ts';

const item = (id: string, filename = `${id}.jpg`, url = `/uploads/${id}.jpg`) => ({
  id,
  filename,
  url,
});

describe('dedupeGalleryItems', () => {
  it('drops repeats by id, filename or url', () => {
    const items = [
      item('a'),
      item('a', 'x.jpg', '/x'),
      item('b', 'a.jpg'),
      item('c', 'c.jpg', '/uploads/a.jpg'),
      item('d'),
    ];
    expect(dedupeGalleryItems(items).map((i) => i.id)).toEqual(['a', 'd']);
  });
  it('keeps at most 100', () => {
    const many = Array.from({ length: 150 }, (_, i) => item(String(i)));
    expect(dedupeGalleryItems(many)).toHaveLength(100);
  });
});

describe('rewriteDevHostUrl', () => {
  it('rewrites development hosts to the relative uploads path', () => {
    expect(rewriteDevHostUrl('https://abc.replit.dev/uploads/x.jpg?v=1')).toBe(
      '/uploads/x.jpg?v=1',
    );
    expect(rewriteDevHostUrl('http://localhost:5000/uploads/a/b.png')).toBe('/uploads/a/b.png');
  });
  it('leaves other addresses alone', () => {
    expect(rewriteDevHostUrl('/uploads/x.jpg')).toBe('/uploads/x.jpg');
    expect(rewriteDevHostUrl('https://cdn.example.com/uploads/x.jpg')).toBe(
      'https://cdn.example.com/uploads/x.jpg',
    );
  });
});

describe('layout', () => {
  it('chooses columns by width', () => {
    expect([375, 700, 900, 1100, 1440].map(columnsForWidth)).toEqual([2, 3, 4, 5, 6]);
  });
  it('gives each item a stable height between 200 and 400', () => {
    const heights = ['a', 'b', 'c', 'd'].map(stableTileHeight);
    heights.forEach((h) => expect(h).toBeGreaterThanOrEqual(200));
    heights.forEach((h) => expect(h).toBeLessThanOrEqual(400));
    expect(stableTileHeight('a')).toBe(heights[0]);
  });
  it('busts the cache on retry', () => {
    expect(withCacheBust('/u/a.jpg', 1)).toMatch(/^\/u\/a\.jpg\?retry=1-\d+$/);
    expect(withCacheBust('/u/a.jpg?w=1', 2)).toMatch(/&retry=2-/);
  });
});
