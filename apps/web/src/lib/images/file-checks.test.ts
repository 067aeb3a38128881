import { describe, expect, it } from 'vitest';
import { checkImageFile, IMAGE_ACCEPT, MAX_UPLOAD_BYTES } from './file-checks.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkImageFile', () => {
  it('accepts the five families of the specification', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.avif', 'image/avif'],
      ['a.heic', 'image/heic'],
      ['a.HEIC', ''],
    ]) {
      expect(checkImageFile(file(name!, type!)), name).toBeNull();
    }
  });
  it('refuses other types, whatever the name says', () => {
    expect(checkImageFile(file('a.gif', 'image/gif'))).toBe('invalidType');
    expect(checkImageFile(file('a.jpg', 'application/pdf'))).toBe('invalidType');
    expect(checkImageFile(file('notes.txt', ''))).toBe('invalidType');
  });
  it('refuses more than 10 MB', () => {
    expect(checkImageFile(file('a.png', 'image/png', MAX_UPLOAD_BYTES))).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png', MAX_UPLOAD_BYTES + 1))).toBe('tooLarge');
  });
  it('offers the same types to the picker', () => {
    expect(IMAGE_ACCEPT).toContain('image/heic');
    expect(IMAGE_ACCEPT).toContain('.heic');
    expect(IMAGE_ACCEPT).not.toContain('image/jpg,');
  });
});
