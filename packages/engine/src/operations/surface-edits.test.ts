import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import { SceneMasks } from '../masks/scene-masks.ts';
import { analyzePrompt } from '../prompt/interpret.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { featherSigma } from './masked.ts';
import { editPart } from './part-edits.ts';

/** Mean ΔE (CIE76) between two images over the pixels where `where` is set. */
function meanDeltaE(a: RawImage, b: RawImage, where: (p: number) => boolean): number {
  const la = [0, 0, 0];
  const lb = [0, 0, 0];
  let sum = 0;
  let n = 0;
  for (let p = 0; p < a.width * a.height; p++) {
    if (!where(p)) continue;
    rgbToLab(a.data[p * 3]!, a.data[p * 3 + 1]!, a.data[p * 3 + 2]!, la);
    rgbToLab(b.data[p * 3]!, b.data[p * 3 + 1]!, b.data[p * 3 + 2]!, lb);
    sum += Math.hypot(la[0]! - lb[0]!, la[1]! - lb[1]!, la[2]! - lb[2]!);
    n++;
  }
  return sum / n;
}

/** The photo at `width` (its own 1600 px when not given). */
async function edit(name: string, prompt: string, width?: number) {
  const image = await decodeImage(await fixture(name, width));
  const scene = new SceneMasks(image);
  const clause = analyzePrompt(prompt).clauses[0]!;
  const { image: after, report } = await editPart(image, clause, scene, 0);
  return { image, after, report, found: await scene.resolve(clause.target!) };
}

describe('walls and floor as the part a prompt names', () => {
  it('"paint the walls green" turns the wall green and nothing beyond its feathered edge', async () => {
    const { image, after, report, found } = await edit('living-room.jpg', 'paint the walls green');
    expect(report).toMatchObject({ done: true, code: 'recoloured', params: { target: 'walls' } });
    if (!found.found) throw new Error('the walls were not found');
    /** Mean green minus red over a rectangle given in fractions of the photo. */
    const greenness = (x0: number, x1: number, y0: number, y1: number) => {
      let sum = 0;
      let n = 0;
      for (let p = 0; p < image.width * image.height; p++) {
        const x = (p % image.width) / image.width;
        const y = Math.floor(p / image.width) / image.height;
        if (x <= x0 || x >= x1 || y <= y0 || y >= y1) continue;
        sum += after.data[p * 3 + 1]! - after.data[p * 3]!;
        n++;
      }
      return sum / n;
    };
    // The plain wall right of the painting (x 62–70 %, y 12–30 %) is green now.
    expect(greenness(0.62, 0.7, 0.12, 0.3)).toBeGreaterThan(40);
    // So is the wall seen between the floor lamp's middle and right legs (x 15–17 %, y 62–70 %),
    // shut off from the rest of the wall by the legs and the lamp's plate.
    expect(greenness(0.15, 0.17, 0.62, 0.7)).toBeGreaterThan(100);
    // Beyond the mask's feather (three sigmas) not a pixel moves: the painting, sofa, floor.
    const hard = Uint8Array.from(found.mask.data, (v) => (v > 0 ? 1 : 0));
    const reach = Math.ceil(featherSigma(image.width, image.height) * 3) + 1;
    const near = dilate(hard, image.width, image.height, reach);
    expect(meanDeltaE(image, after, (p) => !near[p])).toBeLessThan(0.01);
    // The painting on the wall (x 32–58 %, y 28–50 %) keeps its colours.
    const painting = (p: number) => {
      const x = (p % image.width) / image.width;
      const y = Math.floor(p / image.width) / image.height;
      return x > 0.33 && x < 0.58 && y > 0.28 && y < 0.5;
    };
    expect(meanDeltaE(image, after, painting)).toBeLessThan(1.5);
    // The egg chair on the left (not detected, as smooth and nearly as light as the wall).
    const chair = (p: number) => {
      const x = (p % image.width) / image.width;
      const y = Math.floor(p / image.width) / image.height;
      return x > 0.02 && x < 0.1 && y > 0.6 && y < 0.7;
    };
    expect(meanDeltaE(image, after, chair)).toBeLessThan(1.5);
    // The ceiling just above the wall–ceiling line (y 6.9 %), as pale as the wall: no paint
    // runs up into it in bumps.
    const ceiling = (p: number) => {
      const x = (p % image.width) / image.width;
      const y = Math.floor(p / image.width) / image.height;
      return x > 0.1 && x < 0.8 && y > 0.02 && y < 0.064;
    };
    expect(meanDeltaE(image, after, ceiling)).toBeLessThan(1);
  }, 60_000);

  it('"make the floor darker" darkens the floor below the skirting only', async () => {
    const { image, after, report } = await edit('living-room.jpg', 'make the floor darker', 800);
    expect(report).toMatchObject({ done: true, code: 'adjusted', params: { target: 'floor' } });
    const rows = (y0: number, y1: number) => (p: number) => {
      const y = Math.floor(p / image.width) / image.height;
      return y > y0 && y < y1;
    };
    // The bottom band of floorboards is darker; the wall above the sofa is as it was.
    let before = 0;
    let now = 0;
    for (
      let p = Math.floor(0.95 * image.height) * image.width;
      p < image.width * image.height;
      p++
    ) {
      before += image.data[p * 3 + 1]!;
      now += after.data[p * 3 + 1]!;
    }
    expect(now).toBeLessThan(before * 0.85);
    expect(meanDeltaE(image, after, rows(0.1, 0.55))).toBeLessThan(0.01);
  }, 60_000);

  it('says it could not find the walls of a rocket launch, and changes nothing', async () => {
    const { image, after, report } = await edit('rocket.jpg', 'paint the walls green', 800);
    expect(report).toMatchObject({
      done: false,
      code: 'low_confidence',
      params: { target: 'walls' },
    });
    expect(Buffer.compare(after.data, image.data)).toBe(0);
  }, 60_000);
});
