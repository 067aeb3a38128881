import { describe, expect, it } from 'vitest';
import { downloadHref, fileStemFromPrompt, namingText, optimizedSrc } from './image-urls.ts';

describe('optimizedSrc', () => {
  it('asks for the smallest rendered width that covers the box', () => {
    expect(optimizedSrc('/uploads/a b.jpg', 300)).toBe(
      '/api/optimize-image?url=%2Fuploads%2Fa%20b.jpg&w=320',
    );
    expect(optimizedSrc('/u.jpg', 700, 2)).toMatch(/w=1920$/);
    expect(optimizedSrc('/u.jpg', 700, 3)).toMatch(/w=1920$/);
    expect(optimizedSrc('/u.jpg', 5000)).toMatch(/w=1920$/);
  });
});

describe('fileStemFromPrompt', () => {
  it('replaces what is not a letter or digit and keeps 30', () => {
    expect(fileStemFromPrompt('make it brighter!')).toBe('make_it_brighter_');
    expect(fileStemFromPrompt('Café au lait, très chaud')).toBe('Café_au_lait__très_chaud');
    expect(fileStemFromPrompt('x'.repeat(40))).toHaveLength(30);
  });
  it('falls back to image for uploads and empty prompts', () => {
    expect(fileStemFromPrompt('[UPLOADED IMAGE]')).toBe('image');
    expect(fileStemFromPrompt('')).toBe('image');
    expect(fileStemFromPrompt(null)).toBe('image');
  });
});

describe('downloadHref', () => {
  it('names the file after the prompt and asks for the format', () => {
    expect(downloadHref('/uploads/k/a.jpg', 'png', 'sunset')).toBe(
      '/api/download-image?url=%2Fuploads%2Fk%2Fa.jpg&filename=sunset.png&format=png',
    );
  });
});

describe('namingText', () => {
  it('names a crop as a crop of its source, not as the edit that made the source', () => {
    const crop = { model: 'manual-crop', prompt: 'make it brighter' };
    expect(fileStemFromPrompt(namingText(crop))).toBe('crop_of_make_it_brighter');
    expect(namingText({ model: 'manual-crop', prompt: null })).toBe('crop');
    expect(namingText({ model: 'local', prompt: 'make it brighter' })).toBe('make it brighter');
  });
});
