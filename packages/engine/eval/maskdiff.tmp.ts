// temporary: engine mask vs hand mask (green both, red engine only, blue hand only)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { SceneMasks } from '../src/masks/scene-masks.ts';
import { analyzePrompt } from '../src/prompt/interpret.ts';
import { decodeImage } from '../src/raw-image.ts';
import { handRegion, regionIoU } from './measures.ts';
const [photo, prompt, maskName, out] = process.argv.slice(2);
const HERE = import.meta.dirname;
const own = path.join(HERE, 'photos', photo!);
const bytes = await readFile(existsSync(own) ? own : path.join(HERE, '../test/fixtures', photo!));
const image = await decodeImage(bytes);
const clause = analyzePrompt(prompt!).clauses.find((c) => c.target)!;
const found = await new SceneMasks(image).resolve(clause.target!);
if (!found.found) { console.log('not found', found); process.exit(0); }
const hand = await handRegion(path.join(HERE, 'masks', `${maskName}.svg`), image.width, image.height);
console.log('IoU', regionIoU(found.mask, hand).toFixed(3));
const rgb = Buffer.from(image.data);
for (let p = 0; p < found.mask.data.length; p++) {
  const a = found.mask.data[p]! >= 128, b = hand.mask.data[p]! >= 128;
  const i = p * 3;
  const tint = a && b ? [0, 255, 0] : a ? [255, 0, 0] : b ? [0, 80, 255] : null;
  if (tint) for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(rgb[i + c]! * 0.4 + tint[c]! * 0.6);
}
await sharp(rgb, { raw: { width: image.width, height: image.height, channels: 3 } }).png().toFile(out!);
