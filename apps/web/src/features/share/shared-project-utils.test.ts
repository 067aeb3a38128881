import { describe, expect, it } from 'vitest';
import { estimatedHeight, relativeTime, sharedImageFileName } from './shared-project-utils';

describe('shared project downloads', () => {
  it('are named {projectName}-image-{n}.png', () => {
    expect(sharedImageFileName('Kitchen', 1)).toBe('Kitchen-image-1.png');
    expect(sharedImageFileName('Loft 2026', 12)).toBe('Loft 2026-image-12.png');
  });

  it('replace only characters a file name cannot hold', () => {
    expect(sharedImageFileName('A/B: C?', 2)).toBe('A_B_ C_-image-2.png');
    expect(sharedImageFileName('  ', 3)).toBe('project-image-3.png');
  });
});

describe('relative creation time', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('names the largest whole unit', () => {
    expect(relativeTime(ago(3 * 24 * 3600), now, 'en')).toBe('3 days ago');
    expect(relativeTime(ago(2 * 3600 + 5), now, 'en')).toBe('2 hours ago');
    expect(relativeTime(ago(60), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(400 * 24 * 3600), now, 'en')).toBe('last year');
  });

  it('says now under a minute, in the chosen language', () => {
    expect(relativeTime(ago(5), now, 'en')).toBe('now');
    expect(relativeTime(ago(3 * 24 * 3600), now, 'de')).toBe('vor 3 Tagen');
    expect(relativeTime(ago(3 * 24 * 3600), now, 'fr')).toBe('il y a 3 jours');
  });
});

describe('grid tile height', () => {
  it('keeps the aspect ratio at the 250 px estimate', () => {
    expect(estimatedHeight(1000, 500)).toBe(125);
    expect(estimatedHeight(0, 500)).toBe(250);
  });
});
