import { describe, expect, it } from 'vitest';
import { foldPrompt, promptBreaksGuidelines } from './prompt-moderation.ts';

describe('promptBreaksGuidelines', () => {
  it('refuses sexual content and gore in English, German and French, however it is spelled', () => {
    for (const prompt of [
      'make her naked',
      'NSFW version please',
      'turn it into p0rn',
      'zeig sie nackt',
      'ein pornografisches Bild',
      'rends-la dénudée',
      'une image érotique',
      'show the man decapitated',
    ]) {
      expect(promptBreaksGuidelines(prompt), prompt).toBe(true);
    }
  });
  it('lets ordinary editing through, including words that only contain a refused one', () => {
    for (const prompt of [
      'paint the walls nude beige',
      'mur nu, sol en chêne',
      'Sussex cottage at sunset',
      'make the sofa blue and sharpen the essex sign',
      'zieh den Tisch aus? nein: mach ihn heller',
      'add a gorgeous sky',
    ]) {
      expect(promptBreaksGuidelines(prompt), prompt).toBe(false);
    }
  });
  it('folds case, accents and digits standing for letters', () => {
    expect(foldPrompt('Dé-CAPITÉ!! 4ll')).toBe(' de capite all ');
  });
});
