import { describe, expect, it } from 'vitest';
import { blurSrc, loadStep, RETRY_AFTER_MS, tileSources } from './image-sources.ts';

const url = '/uploads/acc/img.jpg';

describe('tile image sources', () => {
  it('tries the resized copy, then the original, then the download proxy', () => {
    const [optimized, original, proxy] = tileSources(url, 200, 2);
    expect(optimized).toBe(`/api/optimize-image?url=${encodeURIComponent(url)}&w=640`);
    expect(original).toBe(url);
    expect(proxy).toMatch(/^\/api\/download-image\?url=%2Fuploads%2Facc%2Fimg\.jpg&/);
    expect(proxy).toContain('format=jpg');
  });

  it('rewrites development hosts before anything else', () => {
    expect(tileSources('http://localhost:5000/uploads/x.png', 100)[1]).toBe('/uploads/x.png');
  });

  it('asks for a blurred placeholder', () => {
    expect(blurSrc(url)).toBe(`/api/optimize-image?url=${encodeURIComponent(url)}&blur=true`);
  });
});

describe('loadStep', () => {
  const sources = ['opt', 'orig', 'proxy'];
  it('walks the sources at once, then retries the best one after 1 s with a cache buster', () => {
    expect(loadStep(sources, 0)).toEqual({ src: 'opt', delayMs: 0 });
    expect(loadStep(sources, 1)).toEqual({ src: 'orig', delayMs: 0 });
    expect(loadStep(sources, 2)).toEqual({ src: 'proxy', delayMs: 0 });
    expect(loadStep(sources, 3, 1, 42)).toEqual({ src: 'opt?retry=1-42', delayMs: RETRY_AFTER_MS });
    expect(loadStep(sources, 4, 1)).toBeNull();
  });

  it('retries as often as asked', () => {
    expect(loadStep(['a?w=1'], 2, 2, 7)).toEqual({ src: 'a?w=1&retry=2-7', delayMs: 1000 });
    expect(loadStep(['a'], 3, 2)).toBeNull();
    expect(loadStep([], 0)).toBeNull();
  });
});
