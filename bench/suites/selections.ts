import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  createLocalProvider,
  loadDetector,
  warmUpFaceDetectors,
  warmUpFaceMesh,
  warmUpPersonMatting,
  warmUpTextModels,
} from '../../packages/engine/src/index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../packages/engine/test/fixtures');
/** The street with a parking sign: an evaluation photo of the engine (Apache-2.0). */
const street = path.resolve(
  import.meta.dirname,
  '../../packages/engine/eval/photos/scenetext01.jpg',
);

/** A photo scaled to about 12 megapixels, as a phone photo arrives. */
async function twelveMegapixels(file: string): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(file).metadata();
  const scale = Math.sqrt(12e6 / (width * height));
  return sharp(file)
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const BUDGET_MS = 3000;
const TEXT_BUDGET_MS = 4000;

/**
 * Edits that name a part of the picture on a 12 MP photo, beside a whole-image edit of the same
 * photo: object mask + recolour ("make the sofa blue", budget 3 s) and sky mask + recolour;
 * text mask + removal ("remove the text" on the parking sign, budget 4 s).
 */
export async function selections() {
  const provider = createLocalProvider();
  await loadDetector();
  for (const [name, partPrompt] of [
    ['living-room.jpg', 'make the sofa blue'],
    ['rocket.jpg', 'make the sky orange'],
  ] as const) {
    const photo = await twelveMegapixels(path.join(fixtures, name));
    const { width, height } = await sharp(photo).metadata();
    const time = async (prompt: string) => {
      const t0 = performance.now();
      await provider.edit!({ image: photo, prompt, numImages: 1 });
      return performance.now() - t0;
    };
    await time('make it brighter'); // warm-up
    const whole = await time('make it brighter');
    const part = await time(partPrompt);
    console.log(
      `\nselections: ${name} at ${width}×${height}\n` +
        `  whole-image edit "make it brighter": ${(whole / 1000).toFixed(2)} s\n` +
        `  "${partPrompt}" (mask + recolour): ${(part / 1000).toFixed(2)} s ` +
        `(${(part / whole).toFixed(2)}x the whole-image edit; budget ${BUDGET_MS / 1000} s: ` +
        `${part <= BUDGET_MS ? 'within' : 'OVER'})`,
    );
  }
  // Text removal: PaddleOCR's detector and recogniser, the letters, the fill and its gate.
  await warmUpTextModels();
  const photo = await twelveMegapixels(street);
  const { width, height } = await sharp(photo).metadata();
  const time = async (prompt: string) => {
    const t0 = performance.now();
    const result = await provider.edit!({ image: photo, prompt, numImages: 1 });
    return { ms: performance.now() - t0, report: result.clauses?.[0] };
  };
  await time('make it brighter'); // warm-up
  const whole = (await time('make it brighter')).ms;
  const text = await time('remove the text');
  const done = text.report?.done
    ? `${String(text.report.params?.count)} lines removed`
    : 'NOT DONE';
  console.log(
    `\nselections: scenetext01.jpg (the parking sign) at ${width}×${height}\n` +
      `  whole-image edit "make it brighter": ${(whole / 1000).toFixed(2)} s\n` +
      `  "remove the text" (text mask + fill, ${done}): ${(text.ms / 1000).toFixed(2)} s ` +
      `(${(text.ms / whole).toFixed(2)}x the whole-image edit; budget ${TEXT_BUDGET_MS / 1000} s: ` +
      `${text.ms <= TEXT_BUDGET_MS ? 'within' : 'OVER'})`,
  );
  await peopleSelections();
}

const evalPhotos = path.resolve(import.meta.dirname, '../../packages/engine/eval/photos');

/**
 * Edits of a person, a face and the skin on a 12 MP photo with people (the footballer of
 * messi5.jpg, scaled up), beside a whole-image edit of the same photo. The person-matting model
 * sees each person at 768 px whatever the photo's size, so the mask's cost should not grow with
 * the megapixels; the edit itself does.
 */
async function peopleSelections() {
  const provider = createLocalProvider();
  await Promise.all([
    loadDetector(),
    warmUpPersonMatting(),
    warmUpFaceDetectors(),
    warmUpFaceMesh(),
  ]);
  const photo = await twelveMegapixels(path.join(evalPhotos, 'messi5.jpg'));
  const { width, height } = await sharp(photo).metadata();
  const time = async (prompt: string) => {
    const t0 = performance.now();
    await provider.edit!({ image: photo, prompt, numImages: 1 });
    return performance.now() - t0;
  };
  await time('make it brighter'); // warm-up
  const whole = await time('make it brighter');
  const lines = [`\nselections (people): messi5.jpg at ${width}×${height}`];
  lines.push(`  whole-image edit "make it brighter": ${(whole / 1000).toFixed(2)} s`);
  for (const [prompt, what] of [
    ['make the man brighter', 'person mask + brighten'],
    ['pixelate the faces', 'face detector + mesh + pixelate'],
    ['make the skin warmer', 'faces + person mask + skin + warm'],
  ] as const) {
    const part = await time(prompt);
    lines.push(
      `  "${prompt}" (${what}): ${(part / 1000).toFixed(2)} s ` +
        `(${(part / whole).toFixed(2)}x the whole-image edit; budget ${BUDGET_MS / 1000} s: ` +
        `${part <= BUDGET_MS ? 'within' : 'OVER'})`,
    );
  }
  console.log(lines.join('\n'));
}
