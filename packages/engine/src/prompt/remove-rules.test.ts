import { describe, expect, it } from 'vitest';
import { enhancePrompt } from '../enhance-prompt.ts';
import { interpretPrompt } from './interpret.ts';
import { removalLabels } from './remove-rules.ts';
import { normalizeText } from './text.ts';

const labels = (text: string) => removalLabels(normalizeText(text));

describe('removal clauses', () => {
  it('names the objects to remove in English, German and French', () => {
    expect(labels('remove the chair')).toEqual(['chair']);
    expect(labels('Get rid of the sofa')).toEqual(['couch']);
    expect(labels('entferne den Stuhl')).toEqual(['chair']);
    expect(labels('Die Stühle entfernen')).toEqual(['chair']);
    expect(labels('mach das Sofa weg')).toEqual(['couch']);
    expect(labels('supprime la chaise')).toEqual(['chair']);
    expect(labels('Enlève le canapé')).toEqual(['couch']);
    expect(labels('retire la télé')).toEqual(['tv']);
    expect(labels('remove the people')).toEqual(['person']);
  });

  it('takes all the furniture for "remove the furniture" / "Möbel" / "meubles"', () => {
    for (const text of ['remove the furniture', 'Entferne alle Möbel', 'supprime les meubles']) {
      expect(labels(text)).toEqual(
        expect.arrayContaining(['chair', 'couch', 'bed', 'dining table']),
      );
    }
  });

  it('is not a removal without a known object, or when the object only says where', () => {
    expect(labels('remove the background')).toBeNull();
    expect(labels('remove the lamp')).toBeNull();
    expect(labels('make the chair brighter')).toBeNull();
    expect(labels('remove the stain from the car')).toBeNull();
  });

  it('goes to the edit as a removal, not as something unsupported', () => {
    const result = interpretPrompt('Remove the chair and make it brighter');
    expect(result.removals).toEqual([{ text: 'Remove the chair', labels: ['chair'] }]);
    expect(result.operations.map((o) => o.kind)).toEqual(['brightness']);
    expect(result.unsupported).toEqual([]);
    expect(interpretPrompt('remove the lamp').unsupported).toEqual(['remove the lamp']);
  });

  it('is enhanced as a removal and still removes after enhancing', () => {
    const enhanced = enhancePrompt('remove the chair');
    expect(enhanced).toMatch(/^Remove the chair \(fill the freed area/);
    expect(interpretPrompt(enhanced).removals[0]?.labels).toEqual(['chair']);
  });
});
