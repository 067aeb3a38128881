import { describe, expect, it } from 'vitest';
import { enhancePrompt } from '../src/enhance-prompt.ts';
import { interpretPrompt } from '../src/prompt/interpret.ts';

const kindsOf = (prompt: string) =>
  [...new Set(interpretPrompt(prompt).operations.map((op) => op.kind))].sort();

const PROMPTS = [
  'make it brighter',
  'a bit darker, more contrast and black and white',
  'Make it brighter and add a dog',
  'crop to 16:9, rotate 90 degrees',
  'Watercolor',
  'background white',
  'Mach das Bild heller und füge einen Hund hinzu',
  'Etwas wärmer, mehr Kontrast, im Anime-Stil',
  'Rends la photo plus chaude, style aquarelle',
  'Plus de contraste et noir et blanc',
  'a red sports car on a mountain road',
  'ein gemütliches Wohnzimmer mit Kamin',
  'un portrait de femme au soleil',
  'remove the lamp',
];

describe('enhancePrompt', () => {
  it.each(PROMPTS)('keeps what "%s" could execute', (prompt) => {
    const enhanced = enhancePrompt(prompt);
    expect(kindsOf(enhanced)).toEqual(kindsOf(prompt));
    expect(interpretPrompt(enhanced).unsupported).toEqual(
      interpretPrompt(prompt).unsupported.map(
        (text) => text.charAt(0).toUpperCase() + text.slice(1),
      ),
    );
  });

  it.each(PROMPTS)('makes "%s" longer and keeps its language', (prompt) => {
    const enhanced = enhancePrompt(prompt);
    expect(enhanced.length).toBeGreaterThan(prompt.length * 2);
    expect(interpretPrompt(enhanced).language).toBe(interpretPrompt(prompt).language);
  });

  it('adds detail that depends on the request, not a fixed suffix', () => {
    const brighter = enhancePrompt('make it brighter');
    expect(brighter).toMatch(/^Make it brighter \(lift the midtones and shadows/);
    expect(brighter).toMatch(/highlights from clipping/);
    expect(enhancePrompt('Watercolor')).toMatch(/washes.*paper texture/);
    expect(enhancePrompt('add a dog')).toMatch(/light direction.*shadows/);
    expect(enhancePrompt('remove the lamp')).toMatch(/fill the freed area/);
    expect(enhancePrompt('a red sports car')).toMatch(/three-quarter front view/);
    expect(enhancePrompt('a cosy living room')).toMatch(/window light/);
    const suffix = (text: string, prompt: string) => text.slice(prompt.length);
    expect(suffix(enhancePrompt('darker'), 'darker')).not.toBe(
      suffix(enhancePrompt('warmer'), 'warmer'),
    );
  });

  it('writes German and French detail for German and French prompts', () => {
    expect(enhancePrompt('heller')).toMatch(/Mitteltöne und Schatten anheben/);
    expect(enhancePrompt('plus lumineux')).toMatch(/relever les tons moyens/);
    expect(enhancePrompt('style aquarelle')).toMatch(/lavis doux/);
    expect(enhancePrompt('im Anime-Stil')).toMatch(/Cel-Schattierung/);
    expect(enhancePrompt('make it brighter', 'de')).toMatch(/Mitteltöne/);
  });

  it('is stable: enhancing twice changes nothing', () => {
    for (const prompt of PROMPTS) {
      const once = enhancePrompt(prompt);
      expect(enhancePrompt(once)).toBe(once);
    }
  });

  it('leaves an empty prompt empty', () => {
    expect(enhancePrompt('   ')).toBe('');
  });
});
