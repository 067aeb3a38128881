import { describe, expect, it } from 'vitest';
import { analyzePrompt, interpretPrompt } from './interpret.ts';

const first = (prompt: string) => analyzePrompt(prompt).clauses[0]!;

describe('clauses that name a part of the picture', () => {
  it('finds the part and what to do there, in English, German and French', () => {
    for (const prompt of ['make the sofa blue', 'mach das Sofa blau', 'rends le canapé bleu']) {
      const clause = first(prompt);
      expect(clause.target).toEqual({ kind: 'object', labels: ['couch'] });
      expect(clause.recolour?.name).toBe('blue');
    }
    expect(first('make the sky orange').target).toEqual({ kind: 'sky' });
    expect(first('mach den Himmel dramatisch').skyLook).toBe('dramatic');
    expect(first('remplace le ciel par un coucher de soleil').skyLook).toBe('sunset');
    expect(first('pixelate the faces')).toMatchObject({ target: { kind: 'face' }, pixelate: true });
    // "The faces" are all of them; "the face" the biggest, or the one a position word names.
    expect(first('pixelate the faces').target).toEqual({ kind: 'face', all: true });
    expect(first('verpixel die Gesichter').target).toEqual({ kind: 'face', all: true });
    expect(first('floute le visage').target).toEqual({ kind: 'face' });
    expect(first('blur the face on the left').target).toEqual({ kind: 'face', position: 'left' });
    expect(first('blur the background').matches[0]?.operation.kind).toBe('blur');
  });

  it('reads which of several objects is meant', () => {
    expect(first('remove the chair on the left').target).toMatchObject({
      labels: ['chair'],
      position: 'left',
    });
    expect(first('entferne beide Stühle').target).toMatchObject({ labels: ['chair'], all: true });
    expect(first('make the biggest plant darker').target).toMatchObject({ size: 'biggest' });
    expect(first('colour the chairs red').target).toMatchObject({ all: true });
    // A collective name means every piece of it.
    for (const prompt of ['remove the furniture', 'entferne die Möbel', 'supprime les meubles']) {
      expect(first(prompt).target).toMatchObject({ kind: 'object', all: true });
    }
    expect(first('paint the walls green')).toMatchObject({ target: { kind: 'walls' } });
    expect(first('rends le sol plus sombre').target).toEqual({ kind: 'floor' });
  });

  it('never turns a clause about a part into an edit of the whole picture', () => {
    const interpreted = interpretPrompt('make the sky orange and brighten the image');
    expect(interpreted.operations).toEqual([{ kind: 'brightness', amount: 0.3 }]);
    expect(interpreted.parts.map((c) => c.text)).toEqual(['make the sky orange']);
    expect(interpretPrompt('blur the face').operations).toEqual([]);
  });

  it('keeps "make the background white" as a plain backdrop behind the subject', () => {
    expect(interpretPrompt('make the background white').operations).toEqual([
      { kind: 'background', color: '#ffffff' },
    ]);
  });
});

describe('clauses about the text in a picture', () => {
  it('reads "the text" and its kin in English, German and French as text', () => {
    for (const prompt of [
      'remove the text',
      'remove the caption',
      "remove the sign's text",
      'remove the writing',
      'remove the watermark',
      'entferne den Text',
      'entferne die Schrift',
      'supprime le texte',
      "efface l'écriture",
    ]) {
      expect(first(prompt)).toMatchObject({ target: { kind: 'text' }, removal: [] });
    }
    expect(first('blur the text').matches[0]?.operation.kind).toBe('blur');
    expect(first('floute le texte').target).toEqual({ kind: 'text' });
    expect(first('pixelate the text')).toMatchObject({ target: { kind: 'text' }, pixelate: true });
  });

  it('reads a licence plate as text on a vehicle, and never removes the car for it', () => {
    for (const prompt of [
      'remove the licence plate',
      "remove the car's license plate",
      'entferne das Nummernschild',
      "supprime la plaque d'immatriculation",
    ]) {
      expect(first(prompt)).toMatchObject({ target: { kind: 'plate' }, removal: [] });
    }
    expect(first('verpixele das Kennzeichen')).toMatchObject({
      target: { kind: 'plate' },
      pixelate: true,
    });
    // A bare "plate" is a dish.
    expect(first('remove the plates').target).toBeUndefined();
  });
});
