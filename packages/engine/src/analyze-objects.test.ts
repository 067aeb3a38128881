import { describe, expect, it } from 'vitest';
import { fixture } from '../test/measure.ts';
import { analyzeImage } from './analyze.ts';
import { createLocalProvider } from './local-provider.ts';
import type { DetectedObject } from './models/object-detector.ts';
import { interpretPrompt } from './prompt/interpret.ts';

const object = (label: string, score: number, width: number, height: number): DetectedObject =>
  ({ label, score, box: { x: 10, y: 10, width, height } }) as DetectedObject;

describe('analysis with the detector', () => {
  it('takes the category from the objects and offers to remove them', async () => {
    const photo = await fixture('coffee.png', 300);
    const room = await analyzeImage(photo, {
      objects: [object('couch', 0.6, 50, 30), object('chair', 0.45, 10, 25)],
    });
    expect(room.category).toBe('room');
    expect(room.analysis).toMatch(/Detected: couch, chair\./);
    expect(room.categoryPrompts.slice(0, 2)).toEqual(['Remove the couch', 'Remove the chair']);
    const car = await analyzeImage(photo, { objects: [object('car', 0.5, 60, 40)] });
    expect(car.category).toBe('car');
    const portrait = await analyzeImage(photo, { objects: [object('person', 0.6, 40, 80)] });
    expect(portrait.category).toBe('portrait');
    expect(portrait.categoryPrompts.some((p) => p.startsWith('Remove'))).toBe(false);
  });

  it('writes the removal prompts in the language asked, and the editor can run them', async () => {
    const photo = await fixture('coffee.png', 300);
    const objects = [object('couch', 0.6, 50, 30), object('tv', 0.4, 10, 10)];
    const de = await analyzeImage(photo, { objects, language: 'de' });
    expect(de.categoryPrompts.slice(0, 2)).toEqual(['Entferne das Sofa', 'Entferne den Fernseher']);
    expect(de.analysis).toMatch(/Erkannt: Sofa, Fernseher\./);
    const fr = await analyzeImage(photo, { objects, language: 'fr' });
    expect(fr.categoryPrompts.slice(0, 2)).toEqual(['Supprime le canapé', 'Supprime la télé']);
    for (const prompt of [...de.categoryPrompts, ...fr.categoryPrompts].slice(0, 2)) {
      expect(interpretPrompt(prompt).removals.length).toBe(1);
    }
  });

  it('the local provider runs the detector: real photos get their real category', async () => {
    const provider = createLocalProvider();
    const room = await provider.analyze!(await fixture('living-room.jpg', 640));
    expect(room.category).toBe('room');
    expect(room.analysis).toMatch(/Detected: .*couch/);
    expect(room.categoryPrompts[0]).toBe('Remove the couch');
    const portrait = await provider.analyze!(await fixture('astronaut.png'), undefined, 'fr');
    expect(portrait.category).toBe('portrait');
    expect(portrait.analysis).toMatch(/Détecté : personne/);
  });
});
