/**
 * npm run eval [case-id ...]: runs every case of the evaluation set through the local engine
 * and prints, per case, the mask's IoU with the hand-traced region, the mean ΔE outside and
 * inside it, what the engine reported, and the verdict; contact sheets go to eval/out/.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EngineInputError } from '../src/errors.ts';
import { createLocalProvider } from '../src/local-provider.ts';
import { invertMask, type Mask } from '../src/masks/mask.ts';
import { SceneMasks } from '../src/masks/scene-masks.ts';
import { analyzePrompt } from '../src/prompt/interpret.ts';
import { decodeImage, encodeJpeg, type RawImage } from '../src/raw-image.ts';
import { captionPhoto, psnrIn } from '../test/captions.ts';
import { CASES, IOU_GOAL, OUTSIDE_GOAL, type EvalCase } from './cases.ts';
import { contactSheet } from './contact-sheet.ts';
import { deltaE, handRegion, meanOf, regionChange, regionIoU } from './measures.ts';

const HERE = import.meta.dirname;
const OUT = path.join(HERE, 'out');
const provider = createLocalProvider();

async function photoBytes(name: string): Promise<Buffer> {
  const own = path.join(HERE, 'photos', name);
  return readFile(existsSync(own) ? own : path.join(HERE, '../test/fixtures', name));
}

/**
 * The mask the engine chose for the prompt's first part-naming clause, if any; for text, the
 * letters (`glyphs`) rather than the lines they stand in.
 */
async function engineMask(
  image: RawImage,
  prompt: string,
  glyphs = false,
): Promise<Mask | undefined> {
  const clause = analyzePrompt(prompt).clauses.find((c) => c.target);
  if (!clause?.target) return undefined;
  const found = await new SceneMasks(image).resolve(clause.target);
  if (!found.found) return undefined;
  return glyphs && found.text ? found.text.glyphs : found.mask;
}

interface Row {
  id: string;
  iou: string;
  outside: string;
  /** ΔE outside that saving the untouched photo as the engine's JPEG alone causes. */
  jpeg: string;
  /** ΔE outside counting the band around the region too (what the feather contributes). */
  withBand: string;
  /** The result's size against the source file's. */
  bytes: string;
  inside: string;
  /** PSNR in a caption's letters against the photo without it: after (before) the edit. */
  psnr: string;
  engine: string;
  verdict: string;
  ms: number;
}

async function runCase(test: EvalCase): Promise<Row> {
  const plate = test.caption
    ? await captionPhoto(await photoBytes(test.photo), test.caption)
    : null;
  const bytes = plate ? plate.captioned : await photoBytes(test.photo);
  const before = await decodeImage(bytes);
  const started = Date.now();
  let after: RawImage | undefined;
  let resultBytes = 0;
  let reported: string;
  let done = false;
  try {
    const result = await provider.edit!({ image: bytes, prompt: test.prompt, numImages: 1 });
    after = await decodeImage(result.images[0]!);
    resultBytes = result.images[0]!.length;
    const clause = result.clauses?.find((c) => c.text === test.prompt) ?? result.clauses?.[0];
    done = clause?.done ?? false;
    reported = clause ? `${clause.done ? 'done' : 'not done'}: ${clause.code}` : 'done';
  } catch (error) {
    if (!(error instanceof EngineInputError)) throw error;
    const clause = error.clauses?.[0];
    reported = `refused: ${clause?.code ?? error.code}`;
  }
  const ms = Date.now() - started;
  const change = after ? deltaE(before, after) : undefined;
  const band = Math.max(2, Math.round(Math.max(before.width, before.height) / 300));
  const hand = plate
    ? { mask: plate.letters, ignore: new Uint8Array(before.width * before.height) }
    : test.region
      ? await handRegion(
          path.join(HERE, 'masks', `${test.region.mask}.svg`),
          before.width,
          before.height,
        )
      : undefined;
  if (hand && test.region?.invert) hand.mask = invertMask(hand.mask);
  const mask = test.region ? await engineMask(before, test.prompt, !!plate) : undefined;
  const psnr = plate
    ? `${psnrIn(after ?? before, plate.clean, plate.letters).toFixed(1)} ` +
      `(${psnrIn(before, plate.clean, plate.letters).toFixed(1)})`
    : '–';
  const focus = plate ? plate.letters : test.region?.kind === 'text' ? hand?.mask : undefined;
  await contactSheet(
    before,
    after,
    change,
    hand?.mask,
    mask,
    path.join(OUT, `${test.id}.png`),
    focus,
  );

  const problems: string[] = [];
  let iou = '–';
  let outside: string;
  let inside = '–';
  let jpeg = '–';
  let withBand = '–';
  if (test.expect === 'done') {
    const region = regionChange(
      change ?? new Float32Array(before.width * before.height),
      hand!,
      band,
    );
    const overlap = mask ? regionIoU(mask, hand!) : 0;
    iou = overlap.toFixed(2);
    outside = region.outside.toFixed(2);
    withBand = regionChange(change ?? new Float32Array(0), hand!, 0).outside.toFixed(2);
    const roundTrip = deltaE(before, await decodeImage(await encodeJpeg(before, 92)));
    jpeg = regionChange(roundTrip, hand!, band).outside.toFixed(2);
    inside = region.inside.toFixed(1);
    if (!done) problems.push('not done');
    if (overlap < IOU_GOAL[test.region!.kind])
      problems.push(`IoU < ${IOU_GOAL[test.region!.kind]}`);
    if (region.outside >= OUTSIDE_GOAL) problems.push(`ΔE outside ≥ ${OUTSIDE_GOAL}`);
    if (region.inside < 3) problems.push('too little change inside');
  } else {
    const whole = change ? meanOf(change) : 0;
    outside = whole.toFixed(2);
    if (done) problems.push('done, but should not be');
    if (whole >= OUTSIDE_GOAL) problems.push('the picture changed');
  }
  const verdict = problems.length === 0 ? 'good' : `MISSES: ${problems.join(', ')}`;
  const size = resultBytes
    ? `${(resultBytes / 1024).toFixed(0)}/${(bytes.length / 1024).toFixed(0)} KB`
    : '–';
  return {
    id: test.id,
    iou,
    outside,
    jpeg,
    withBand,
    bytes: size,
    inside,
    psnr,
    engine: reported,
    verdict,
    ms,
  };
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const only = process.argv.slice(2);
  const cases = only.length > 0 ? CASES.filter((c) => only.includes(c.id)) : CASES;
  const rows: Row[] = [];
  console.log(
    'case | expect | IoU | ΔE outside | (JPEG round trip alone) | (no band) | ΔE inside | PSNR letters (before) | result/source size | engine | verdict | ms',
  );
  for (const test of cases) {
    const row = await runCase(test);
    rows.push(row);
    console.log(
      [
        row.id,
        test.expect,
        row.iou,
        row.outside,
        `(${row.jpeg})`,
        `(${row.withBand})`,
        row.inside,
        row.psnr,
        row.bytes,
        row.engine,
        row.verdict,
        row.ms,
      ].join(' | '),
    );
  }
  const good = rows.filter((r) => r.verdict === 'good').length;
  console.log(`\n${good} of ${rows.length} cases good; contact sheets in ${OUT}`);
}

await main();
