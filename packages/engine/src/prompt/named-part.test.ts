import { describe, expect, it } from 'vitest';
import { analyzePrompt, interpretPrompt } from './interpret.ts';
import { namedPart } from './named-part.ts';

describe('namedPart: a part the engine has no name for', () => {
  it.each([
    ['make the lamp blue', 'the lamp'],
    ['make the curtains warmer', 'the curtains'],
    ['brighten the window', 'the window'],
    ['increase the brightness of the lamp', 'the lamp'],
    ['make the coffee table darker', 'the coffee table'],
    ['turn the painting black and white', 'the painting'],
    ['remove the lamp', 'the lamp'],
    ['make the rug a bit redder', 'the rug'],
    ['mach die Lampe blau', 'die Lampe'],
    ['mach die Vorhänge heller', 'die Vorhänge'],
    ['entferne die Lampe', 'die Lampe'],
    ['rends la lampe bleue', 'la lampe'],
    ['supprime la lampe', 'la lampe'],
    // Plural and feminine articles are whole words: not "le" + "s rideaux", "un" + "e lampe".
    ['rends les rideaux rouges', 'les rideaux'],
    ['et les rideaux rouges', 'les rideaux'],
    ['rends une lampe bleue', 'une lampe'],
    ["éclaircis l'étagère", "l'étagère"],
  ])('%s → %s', (clause, words) => {
    expect(namedPart(clause)).toBe(words);
  });

  it.each([
    'make the image warmer',
    'make the shadows lighter',
    'make the colours pop',
    'increase the contrast',
    'darken the corners',
    'make the room brighter',
    'make everything brighter',
    'give it a vintage feel',
    'make it look like a watercolor',
    'convert to black and white',
    'a bit brighter',
    'add a dog',
    'fix the lighting',
    'mach das Bild wärmer',
    'ein Tick heller',
    'auf den Kopf drehen',
    'ajoute un chien',
    "rends l'image plus chaude",
    'rends-la floue',
    'un peu plus lumineux',
  ])('%s is about the whole picture (or adds something)', (clause) => {
    expect(namedPart(clause)).toBeNull();
  });
});

describe('a clause naming a part never changes the whole picture', () => {
  it('keeps "make the curtains warmer" away from the whole picture and names the part', () => {
    const result = interpretPrompt('make the curtains warmer');
    expect(result.operations).toEqual([]);
    expect(result.unsupported).toEqual(['make the curtains warmer']);
    expect(analyzePrompt('make the curtains warmer').clauses[0]!.unfound).toBe('the curtains');
  });

  it('still applies the whole-picture clauses beside it', () => {
    const result = interpretPrompt('brighten the window and add more contrast');
    expect(result.operations.map((o) => o.kind)).toEqual(['contrast']);
    expect(result.unsupported).toEqual(['brighten the window']);
  });
});

describe('parts joined by "and" share the request', () => {
  it('"make the sofa and the chair blue" recolours both', () => {
    const { clauses } = analyzePrompt('make the sofa and the chair blue');
    expect(clauses.map((c) => [c.target?.kind, c.recolour?.name])).toEqual([
      ['object', 'blue'],
      ['object', 'blue'],
    ]);
  });

  it('"mach das Sofa und den Stuhl blau" too, in German', () => {
    const { clauses } = analyzePrompt('mach das Sofa und den Stuhl blau');
    expect(clauses.map((c) => c.recolour?.name)).toEqual(['blue', 'blue']);
  });

  it('"remove the sofa and the chair" removes both', () => {
    const { clauses } = analyzePrompt('remove the sofa and the chair');
    expect(clauses.map((c) => c.removal)).toEqual([['couch'], ['chair']]);
  });

  it('"brighten the sofa and the chair" brightens both', () => {
    const { clauses } = analyzePrompt('brighten the sofa and the chair');
    expect(clauses.map((c) => c.matches.map((m) => m.operation.kind))).toEqual([
      ['brightness'],
      ['brightness'],
    ]);
  });

  it('leaves separate requests alone', () => {
    const { clauses } = analyzePrompt('make the sofa blue and the chair red');
    expect(clauses.map((c) => c.recolour?.name)).toEqual(['blue', 'red']);
  });
});
