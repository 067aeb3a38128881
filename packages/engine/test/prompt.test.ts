import { describe, expect, it } from 'vitest';
import { interpretPrompt } from '../src/prompt/interpret.ts';
import { splitClauses } from '../src/prompt/text.ts';

const kinds = (prompt: string) => interpretPrompt(prompt).operations.map((op) => op.kind);

describe('interpretPrompt', () => {
  it.each([
    ['Make it brighter', ['brightness'], 'en'],
    ['heller', ['brightness'], 'de'],
    ['Plus lumineux', ['brightness'], 'fr'],
    ['plus clair', ['brightness'], 'fr'],
    ['darker', ['brightness'], 'en'],
    ['Dunkler', ['brightness'], 'de'],
    ['plus sombre', ['brightness'], 'fr'],
    ['more contrast', ['contrast'], 'en'],
    ['mehr Kontrast', ['contrast'], 'de'],
    ['plus de contraste', ['contrast'], 'fr'],
    ['vivid colours', ['saturation'], 'en'],
    ['kräftigere Farben', ['saturation'], 'de'],
    ['plus saturé', ['saturation'], 'fr'],
    ['warmer', ['warmth'], 'en'],
    ['Viel wärmer bitte', ['warmth'], 'de'],
    ['plus chaud', ['warmth'], 'fr'],
    ['black and white', ['grayscale'], 'en'],
    ['Schwarzweiß', ['grayscale'], 'de'],
    ['noir et blanc', ['grayscale'], 'fr'],
    ['sepia', ['sepia'], 'en'],
    ['make it blurry', ['blur'], 'en'],
    ['unscharf machen', ['blur'], 'de'],
    ['rends-la floue', ['blur'], 'fr'],
    ['sharpen', ['sharpen'], 'en'],
    ['schärfer', ['sharpen'], 'de'],
    ['plus net', ['sharpen'], 'fr'],
    ['rotate 90 degrees', ['rotate'], 'en'],
    ['Bild drehen', ['rotate'], 'de'],
    ['pivoter à droite', ['rotate'], 'fr'],
    ['flip it', ['flip'], 'en'],
    ['spiegeln', ['flip'], 'de'],
    ["retourner l'image", ['flip'], 'fr'],
    ['add a vignette', ['vignette'], 'en'],
    ['mit Körnung', ['grain'], 'de'],
    ['background red', ['background'], 'en'],
    ['Hintergrund rot', ['background'], 'de'],
    ['fond rouge', ['background'], 'fr'],
    ['crop to 16:9', ['crop'], 'en'],
    ['zuschneiden auf 1:1', ['crop'], 'de'],
    ['recadrer en 4:3', ['crop'], 'fr'],
    ['as a watercolor', ['style'], 'en'],
    ['im Anime-Stil', ['style'], 'de'],
    ['style aquarelle', ['style'], 'fr'],
  ])('%s → %j (%s)', (prompt, expected, language) => {
    const result = interpretPrompt(prompt);
    expect(result.operations.map((op) => op.kind)).toEqual(expected);
    expect(result.unsupported).toEqual([]);
    expect(result.language).toBe(language);
  });

  it('maps directions and amounts', () => {
    expect(interpretPrompt('darker').operations).toEqual([{ kind: 'brightness', amount: -0.3 }]);
    expect(interpretPrompt('cooler').operations).toEqual([{ kind: 'warmth', amount: -0.35 }]);
    expect(interpretPrompt('less contrast').operations).toEqual([
      { kind: 'contrast', amount: -0.3 },
    ]);
    expect(interpretPrompt('rotate left').operations).toEqual([{ kind: 'rotate', degrees: 270 }]);
    expect(interpretPrompt('auf den Kopf drehen').operations).toEqual([
      { kind: 'rotate', degrees: 180 },
    ]);
    expect(interpretPrompt('flip vertically').operations).toEqual([
      { kind: 'flip', axis: 'vertical' },
    ]);
    expect(interpretPrompt('make it square').operations).toEqual([{ kind: 'crop', ratio: '1:1' }]);
    expect(interpretPrompt('increase brightness by 20%').operations).toEqual([
      { kind: 'brightness', amount: 0.2 },
    ]);
  });

  it('reads intensity words in the three languages', () => {
    const amount = (prompt: string) => {
      const [op] = interpretPrompt(prompt).operations;
      return op?.kind === 'brightness' ? op.amount : NaN;
    };
    expect(amount('slightly brighter')).toBeLessThan(amount('brighter'));
    expect(amount('much brighter')).toBeGreaterThan(amount('brighter'));
    expect(amount('etwas heller')).toBeLessThan(amount('heller'));
    expect(amount('sehr viel heller')).toBeGreaterThan(amount('heller'));
    expect(amount('un peu plus lumineux')).toBeLessThan(amount('plus lumineux'));
    expect(amount('beaucoup plus lumineux')).toBeGreaterThan(amount('plus lumineux'));
  });

  it('names background colours in all three languages', () => {
    const colour = (prompt: string) => {
      const [op] = interpretPrompt(prompt).operations;
      return op?.kind === 'background' ? op.color : undefined;
    };
    expect(colour('make the background white')).toBe('#ffffff');
    expect(colour('weißer Hintergrund')).toBe('#ffffff');
    expect(colour('fond blanc')).toBe('#ffffff');
    expect(colour('Hintergrund hellblau')).toBe('#9fc9ea');
    expect(colour('un fond bleu clair')).toBe('#9fc9ea');
    expect(colour('roter Hintergrund')).toBe(colour('red background'));
    expect(colour('fond verte')).toBe(colour('green background'));
  });

  it('reports what it cannot do, verbatim, in each language', () => {
    expect(interpretPrompt('Make it brighter and add a dog')).toMatchObject({
      operations: [{ kind: 'brightness' }],
      unsupported: ['add a dog'],
      language: 'en',
    });
    expect(interpretPrompt('Mach es heller und füge einen Hund hinzu')).toMatchObject({
      operations: [{ kind: 'brightness' }],
      unsupported: ['füge einen Hund hinzu'],
      language: 'de',
    });
    expect(interpretPrompt('Plus lumineux et ajoute un chien')).toMatchObject({
      operations: [{ kind: 'brightness' }],
      unsupported: ['ajoute un chien'],
      language: 'fr',
    });
    // A part of the picture: done inside the background's mask, never on the whole picture.
    expect(interpretPrompt('blur the background')).toMatchObject({
      operations: [],
      unsupported: [],
    });
    expect(interpretPrompt('blur the background').parts[0]?.target).toEqual({ kind: 'background' });
  });

  it('handles several clauses, case, accents and punctuation', () => {
    expect(kinds('BRIGHTER!!! more contrast; black & white.')).toEqual([
      'brightness',
      'contrast',
      'grayscale',
    ]);
    expect(kinds('Etwas wärmer, mehr Kontrast und schwarz-weiß')).toEqual([
      'warmth',
      'contrast',
      'grayscale',
    ]);
    expect(kinds('Un peu plus chaud, plus de contraste et noir et blanc')).toEqual([
      'warmth',
      'contrast',
      'grayscale',
    ]);
    expect(kinds('PLUS SATURÉ, plus net')).toEqual(['saturation', 'sharpen']);
    expect(interpretPrompt('please').operations).toEqual([]);
    expect(interpretPrompt('please').unsupported).toEqual([]);
  });

  it('takes preset names and ids as looks', () => {
    const styles = (prompt: string) =>
      interpretPrompt(prompt).operations.flatMap((op) => (op.kind === 'style' ? [op.style] : []));
    expect(styles('Watercolor')).toEqual(['watercolor']);
    expect(styles('Pop Art')).toEqual(['pop-art']);
    expect(styles('oil-paint')).toEqual(['oil-paint']);
    expect(styles('night-scene')).toEqual(['night-scene']);
    expect(styles('clay to render')).toEqual(['clay-to-render']);
    expect(styles('Ölgemälde')).toEqual(['oil-paint']);
    expect(styles("peinture à l'huile")).toEqual(['oil-paint']);
    expect(styles('im Stil einer Bleistiftzeichnung')).toEqual(['sketch']);
    expect(styles('cinematic look with grain')).toEqual(['cinematic']);
  });

  it('ignores the enhancer’s parenthesised detail', () => {
    expect(interpretPrompt('Brighter (keep skin tones natural, add contrast).')).toEqual(
      interpretPrompt('Brighter'),
    );
  });
});

describe('splitClauses', () => {
  it('splits at punctuation and conjunctions but not inside "black and white" or numbers', () => {
    expect(splitClauses('brighter and black and white, then crop to 16:9. Rotate 1.5')).toEqual([
      'brighter',
      'black and white',
      'crop to 16:9',
      'Rotate 1.5',
    ]);
    expect(splitClauses('heller und schwarz und weiß')).toEqual(['heller', 'schwarz und weiß']);
    expect(splitClauses('plus clair et noir et blanc')).toEqual(['plus clair', 'noir et blanc']);
  });
});
