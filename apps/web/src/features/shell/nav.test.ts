import { describe, expect, it } from 'vitest';
import { currentNav, NAV } from './nav';

describe('the top bar', () => {
  it("has Gallery open the person's images, not the room design history", () => {
    expect(NAV.find(([, key]) => key === 'nav.gallery')?.[0]).toBe('/editor?view=gallery');
  });

  it('marks the entry of the screen shown', () => {
    expect(currentNav('/editor', '')).toBe('/editor');
    expect(currentNav('/', '')).toBe('/editor');
    expect(currentNav('/image-editor', 'view=canvas')).toBe('/editor');
    expect(currentNav('/editor', 'view=gallery')).toBe('/editor?view=gallery');
    expect(currentNav('/', 'lng=de&view=gallery')).toBe('/editor?view=gallery');
    // Room designs (/gallery and one design) belong to Room Design.
    expect(currentNav('/gallery', '')).toBe('/furniture-shopping');
    expect(currentNav('/gallery/design/abc', '')).toBe('/furniture-shopping');
    expect(currentNav('/whiteboard', '')).toBe('/whiteboard');
    expect(currentNav('/stats', '')).toBeUndefined();
  });
});
