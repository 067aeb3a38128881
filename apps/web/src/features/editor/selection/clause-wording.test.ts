import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '@/i18n/de.json';
import en from '@/i18n/en.json';
import fr from '@/i18n/fr.json';
import { wordClause, wordOperations, type Translate } from './clause-wording';

const translators: Record<string, Translate> = {};

beforeAll(async () => {
  for (const [lng, translation] of Object.entries({ en, de, fr })) {
    const instance = i18next.createInstance();
    await instance.init({ lng, resources: { [lng]: { translation } } });
    translators[lng] = instance.t.bind(instance) as Translate;
  }
});

const recoloured = {
  text: 'make it blue',
  done: true,
  code: 'recoloured',
  params: { target: 'couch', colour: 'blue', hex: '#2f5fd0' },
};

describe('per-clause reports in the person’s language', () => {
  it('says what was done, to which part, with the colour’s swatch', () => {
    expect(wordClause(translators.en!, recoloured)).toEqual({
      done: true,
      quote: 'make it blue',
      outcome: 'Sofa made blue, shading and texture kept',
      swatch: '#2f5fd0',
    });
    expect(wordClause(translators.de!, recoloured).outcome).toBe(
      'Sofa in Blau gefärbt, Schattierung und Struktur bleiben',
    );
  });

  it('says why a clause was not done and what would do it, in German and French', () => {
    const missing = {
      text: 'remove the dog',
      done: false,
      code: 'not_found',
      params: { target: 'dog' },
    };
    const de_ = wordClause(translators.de!, missing);
    expect(de_).toMatchObject({ done: false, outcome: 'Hund: im Bild nicht gefunden.' });
    expect(de_.hint).toMatch(/Auswahlwerkzeug/);
    const fr_ = wordClause(translators.fr!, {
      ...missing,
      code: 'no_local_source',
      params: { target: 'text' },
    });
    expect(fr_.outcome).toMatch(/^Texte : /);
    expect(fr_.hint).toMatch(/modèle d’IA hébergé/);
  });

  it('rewords the engine’s adjustments and names counted parts', () => {
    expect(
      wordOperations(translators.de!, 'Brightness +30%, Warmer (20%), Flipped horizontally'),
    ).toBe('Helligkeit +30%, wärmer (20%), horizontal gespiegelt');
    const part = {
      text: 'darken the chairs',
      done: true,
      code: 'adjusted',
      params: { target: '2×chair', operations: 'Brightness -20%' },
    };
    expect(wordClause(translators.fr!, part).outcome).toBe(
      'Chaise (2) seulement : luminosité -20%',
    );
    expect(wordOperations(translators.en!, 'Pop Art look')).toBe('Pop Art look');
  });

  it('names the colour in the person’s language', () => {
    const navy = { ...recoloured, params: { target: 'selection', colour: 'navy blue' } };
    expect(wordClause(translators.fr!, navy).outcome).toBe(
      'Votre sélection : couleur changée en bleu marine, ombres et texture conservées',
    );
    const odd = { ...recoloured, params: { target: 'couch', colour: 'chartreuse' } };
    expect(wordClause(translators.de!, odd).outcome).toMatch(/^Sofa in neuer Farbe gefärbt/);
  });

  it('never shows an English word for a part or adjustment it does not know', () => {
    const odd = {
      text: 'x',
      done: true,
      code: 'adjusted',
      params: { target: 'giraffe', operations: 'Swirl 3' },
    };
    expect(wordClause(translators.de!, odd).outcome).toBe(
      'Das Objekt (nur dieser Teil): angepasst',
    );
    const unknownCode = { text: 'add a dog', done: false, code: 'something_new' };
    expect(wordClause(translators.fr!, unknownCode).outcome).toBe(
      'Le moteur intégré ne comprend pas cette demande.',
    );
  });

  it('says a removal the fill could not do well was left undone, in every language', () => {
    const kept = {
      text: 'remove the sofa',
      done: false,
      code: 'too_large',
      params: { target: 'couch' },
    };
    expect(wordClause(translators.en!, kept)).toMatchObject({
      done: false,
      outcome: 'Sofa: left in place — too large to remove well here (the fill would show).',
      hint: 'Select a smaller part, or use a hosted AI model.',
    });
    expect(wordClause(translators.de!, kept).outcome).toMatch(/^Sofa: nicht entfernt – zu groß/);
    expect(wordClause(translators.fr!, kept).outcome).toMatch(/^Canapé : laissé en place/);
    const some = {
      text: 'supprime les meubles',
      done: true,
      code: 'removed',
      params: { target: '2×furniture', count: 2, kept: 3 },
    };
    expect(wordClause(translators.fr!, some).outcome).toMatch(/^Meubles \(2\) : retiré.*; 3 autre/);
    expect(
      wordClause(translators.de!, { ...some, params: { target: 'vase', count: 1 } }).outcome,
    ).toBe('Vase entfernt: umrissen und aus der Umgebung aufgefüllt');
  });

  it('calls a part the engine has no name for by the person’s own words', () => {
    const lamp = {
      text: 'mach die Lampe blau',
      done: false,
      code: 'no_local_source',
      params: { words: 'die Lampe' },
    };
    expect(wordClause(translators.de!, lamp)).toMatchObject({
      done: false,
      outcome: '„die Lampe“: das eingebaute Modul kann diesen Teil nicht selbst finden.',
    });
    expect(wordClause(translators.en!, { ...lamp, params: { words: 'the lamp' } }).outcome).toBe(
      '“the lamp”: the built-in engine cannot find this part by itself.',
    );
    expect(wordClause(translators.fr!, { ...lamp, params: { words: 'la lampe' } }).outcome).toMatch(
      /^« la lampe » ?:/,
    );
  });

  it('words text left on a busy background, and a plate, in every language', () => {
    const busy = {
      text: 'entferne den Text',
      done: false,
      code: 'busy_background',
      params: { target: 'text' },
    };
    expect(wordClause(translators.en!, busy)).toMatchObject({
      done: false,
      outcome:
        'Text: left in place — the background behind it is too busy to fill well here (the fill would smear).',
      hint: 'Use a hosted AI model, or select a plainer part.',
    });
    expect(wordClause(translators.de!, busy).outcome).toMatch(/^Text: nicht entfernt – der Hinter/);
    expect(wordClause(translators.fr!, busy).hint).toMatch(/^Utilisez un modèle/);
    const some = {
      text: 'remove the text',
      done: true,
      code: 'removed',
      params: { target: 'text', count: 3, kept: 1, keptWhy: 'busy_background' },
    };
    expect(wordClause(translators.en!, some).outcome).toBe(
      'Text removed: filled from its surroundings; 1 more line(s) left in place (the background behind them is too busy to fill well here)',
    );
    expect(wordClause(translators.de!, some).outcome).toMatch(
      /1 weitere Zeile\(n\) nicht entfernt/,
    );
    const plate = {
      text: 'pixelate the plate',
      done: true,
      code: 'pixelated',
      params: { target: 'plate' },
    };
    expect(wordClause(translators.fr!, plate).outcome).toBe(
      'Plaque d’immatriculation : pixellisation appliquée',
    );
  });
});
