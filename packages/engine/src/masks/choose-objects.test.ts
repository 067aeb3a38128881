import { describe, expect, it } from 'vitest';
import type { DetectedObject } from '../models/object-detector.ts';
import { chooseObjects, clickedObject, objectAtPoint, objectsInFront } from './choose-objects.ts';

const object = (
  label: DetectedObject['label'],
  x: number,
  y: number,
  w: number,
  h: number,
  score = 0.6,
): DetectedObject => ({
  label,
  score,
  box: { x, y, width: w, height: h },
});

const leftChair = object('chair', 5, 50, 10, 30);
const rightChair = object('chair', 80, 52, 12, 30, 0.4);
const sofa = object('couch', 25, 50, 45, 30, 0.7);
const table = object('dining table', 30, 65, 20, 20, 0.5);
const scene = [sofa, leftChair, rightChair, table];

describe('choosing the object a person names', () => {
  it('takes the best-scoring one for "the chair", or the one the words point at', () => {
    expect(chooseObjects(scene, { labels: ['chair'] })).toEqual([leftChair]);
    expect(chooseObjects(scene, { labels: ['chair'], position: 'right' })).toEqual([rightChair]);
    expect(chooseObjects(scene, { labels: ['chair'], position: 'left' })).toEqual([leftChair]);
    expect(chooseObjects(scene, { labels: ['chair'], size: 'biggest' })).toEqual([rightChair]);
    expect(chooseObjects(scene, { labels: ['chair'], ordinal: 2 })).toEqual([rightChair]);
  });

  it('takes every one for "both chairs" and none when there is none', () => {
    expect(chooseObjects(scene, { labels: ['chair'], all: true })).toHaveLength(2);
    expect(chooseObjects(scene, { labels: ['chair'], count: 2 })).toHaveLength(2);
    expect(chooseObjects(scene, { labels: ['bed'] })).toEqual([]);
    expect(chooseObjects([rightChair], { labels: ['chair'], position: 'left' })).toEqual([]);
    // Two chairs both right of the middle (the kitchen's): "on the left" is the left one.
    const nearer = object('chair', 51, 60, 8, 20, 0.31);
    const farther = object('chair', 63, 60, 8, 21, 0.24);
    expect(chooseObjects([farther, nearer], { labels: ['chair'], position: 'left' })).toEqual([
      nearer,
    ]);
    expect(chooseObjects([object('chair', 1, 1, 5, 5, 0.1)], { labels: ['chair'] })).toEqual([]);
  });

  it('picks the smallest object under a click', () => {
    expect(objectAtPoint(scene, { x: 35, y: 70 })).toBe(table);
    expect(objectAtPoint(scene, { x: 60, y: 55 })).toBe(sofa);
    expect(objectAtPoint(scene, { x: 50, y: 10 })).toBeUndefined();
  });

  it('knows the table standing before the sofa is not part of it', () => {
    expect(objectsInFront(scene, sofa)).toEqual([table.box]);
    expect(objectsInFront(scene, table)).toEqual([]);
  });
});

describe('what a click picks', () => {
  const vase = object('vase', 32, 74, 2, 5, 0.41);
  const lookCloser = (found: DetectedObject[]) => {
    const closer = { calls: 0, look: async () => (closer.calls++, found) };
    return closer;
  };

  it('looks closer under a big object, and takes a small thing of its own on it', async () => {
    const closer = lookCloser([sofa, vase]);
    const picked = await clickedObject({ x: 33, y: 76 }, [sofa], closer.look);
    expect(picked?.object).toBe(vase);
    // The big object's own part, found again on a quarter, is still the big object.
    const part = object('couch', 25, 60, 20, 20, 0.65);
    const again = await clickedObject({ x: 33, y: 76 }, [sofa], lookCloser([sofa, part]).look);
    expect(again?.object).toBe(sofa);
  });

  it('does not look closer under a small object, and takes only sure things alone', async () => {
    const closer = lookCloser([vase]);
    expect((await clickedObject({ x: 10, y: 60 }, scene, closer.look))?.object).toBe(leftChair);
    expect(closer.calls).toBe(0);
    // Nothing under the click on the whole frame: the closer look's vase (0.41) is taken, a
    // doubtful bowl (0.25) is not.
    expect((await clickedObject({ x: 33, y: 76 }, [], closer.look))?.object).toBe(vase);
    const bowl = object('bowl', 90, 10, 4, 4, 0.25);
    expect(await clickedObject({ x: 91, y: 11 }, [], lookCloser([bowl]).look)).toBeUndefined();
  });
});
