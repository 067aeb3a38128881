import { describe, expect, it } from 'vitest';
import { galleryKeyAction } from './gallery-keys.ts';

const key = (k: string, extra: Partial<Parameters<typeof galleryKeyAction>[0]> = {}) => ({
  key: k,
  target: { tagName: 'DIV' },
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});

describe('galleryKeyAction', () => {
  it('Delete and Backspace ask to delete only with a selection', () => {
    expect(galleryKeyAction(key('Delete'), true)).toBe('delete');
    expect(galleryKeyAction(key('Backspace'), true)).toBe('delete');
    expect(galleryKeyAction(key('Delete'), false)).toBeNull();
  });

  it('Ctrl+A and Cmd+A select all; Escape clears', () => {
    expect(galleryKeyAction(key('a', { ctrlKey: true }), false)).toBe('selectAll');
    expect(galleryKeyAction(key('A', { metaKey: true }), true)).toBe('selectAll');
    expect(galleryKeyAction(key('Escape'), true)).toBe('clear');
    expect(galleryKeyAction(key('Escape'), false)).toBeNull();
  });

  it('leaves keys typed into fields and handled keys alone', () => {
    expect(
      galleryKeyAction(key('a', { ctrlKey: true, target: { tagName: 'INPUT' } }), true),
    ).toBeNull();
    expect(galleryKeyAction(key('Delete', { defaultPrevented: true }), true)).toBeNull();
    expect(galleryKeyAction(key('Delete', { ctrlKey: true }), true)).toBeNull();
    expect(galleryKeyAction(key('a'), true)).toBeNull();
  });
});
