import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeRoom, designRoom, type RawImage } from '@image-lab/engine';
import { ROOM_PHOTOS } from './suites/rooms-quality/cases.ts';

// node --import tsx bench/rooms-contact-sheet.ts OUT_DIR [LONG_SIDE] [NAMES]: for every bench room
// photo, one PNG of original | furniture removed | change map (red where the removal changed
// pixels) on the first row and the four styles on the second, with a line per piece (removed
// or kept, and the fill's consistency) and per style (what it changed) to look at beside it.

const out = process.argv[2] ?? 'rooms-contact-sheets';
const longSide = Number(process.argv[3] ?? 800);
/** Comma-separated file names to keep to (all photos when absent). */
const only = process.argv[4]?.split(',');
fs.mkdirSync(out, { recursive: true });

function changeMap(before: RawImage, after: RawImage): RawImage {
  const data = Buffer.alloc(before.data.length);
  for (let p = 0; p < before.width * before.height; p++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs(before.data[p * 3 + c]! - after.data[p * 3 + c]!);
    const grey = Math.round(before.data[p * 3]! * 0.3 + before.data[p * 3 + 1]! * 0.4) >> 1;
    data.set(d > 12 ? [255, Math.max(0, 160 - d), 0] : [grey, grey, grey], p * 3);
  }
  return { ...before, data };
}

const png = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

for (const file of ROOM_PHOTOS) {
  if (only && !only.includes(path.basename(file))) continue;
  const started = Date.now();
  const design = await designRoom(fs.readFileSync(file), { maxLongSide: longSide });
  const seconds = (Date.now() - started) / 1000;
  const [original, emptied] = await Promise.all(
    [design.original, design.emptied].map((b) => decodeRoom(b, 100_000)),
  );
  const { width, height } = original!;
  const top = [design.original, design.emptied, await png(changeMap(original!, emptied!))];
  const bottom = design.variations.map((v) => v.image);
  const gap = 8;
  const columns = Math.max(top.length, bottom.length);
  const sheet = path.join(out, `${path.basename(file, '.jpg')}.png`);
  await sharp({
    create: {
      width: columns * (width + gap) - gap,
      height: 2 * height + gap,
      channels: 3,
      background: '#fff',
    },
  })
    .composite([
      ...top.map((input, i) => ({ input, left: i * (width + gap), top: 0 })),
      ...bottom.map((input, i) => ({ input, left: i * (width + gap), top: height + gap })),
    ])
    .png()
    .toFile(sheet);
  const removed = design.pieces.filter((p) => p.removed).length;
  console.log(`${sheet}: ${removed} of ${design.pieces.length} removed, ${seconds.toFixed(1)} s`);
  for (const p of design.pieces) {
    const outcome = p.removed ? 'removed' : `kept (${p.reason})`;
    console.log(`  ${p.label.padEnd(14)} ${outcome}  consistency ${p.consistency ?? '—'}`);
  }
  for (const v of design.variations) {
    const r = v.report;
    console.log(
      `  ${v.title.padEnd(14)} changed ${r?.changed.join(', ') ?? 'restaged'}; ` +
        `pieces ${r?.pieces.join(', ') || '—'}; kept ${r?.kept.join(', ') || '—'}`,
    );
  }
}
