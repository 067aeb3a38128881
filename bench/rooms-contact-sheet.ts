import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeRoom, detectObjects, regionsOf, type RawImage } from '@image-lab/engine';
import { FURNITURE_LABELS } from '../packages/engine/src/models/coco-labels.ts';
import { removePieces } from '../packages/engine/src/rooms/remove-pieces.ts';
import { ROOM_PHOTOS } from './suites/rooms-quality/cases.ts';

// node --import tsx bench/rooms-contact-sheet.ts OUT_DIR: for every bench room photo, one PNG
// of original | furniture removed | change map (red where pixels changed), at working size,
// and a line per piece (removed or kept, and the fill's consistency) to look at beside it.

const out = process.argv[2] ?? 'rooms-contact-sheets';
fs.mkdirSync(out, { recursive: true });

const png = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

function changeMap(before: RawImage, after: RawImage): RawImage {
  const data = Buffer.alloc(before.data.length);
  for (let p = 0; p < before.width * before.height; p++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs(before.data[p * 3 + c]! - after.data[p * 3 + c]!);
    const grey = Math.round(before.data[p * 3]! * 0.3 + before.data[p * 3 + 1]! * 0.4) >> 1;
    data.set(d > 0 ? [255, Math.max(0, 160 - d), 0] : [grey, grey, grey], p * 3);
  }
  return { ...before, data };
}

for (const file of ROOM_PHOTOS) {
  const original = await decodeRoom(fs.readFileSync(file));
  const detections = await detectObjects(original, { labels: FURNITURE_LABELS });
  const regions = await regionsOf(original, detections);
  const started = Date.now();
  const removal = removePieces(original, regions.pieces);
  const seconds = (Date.now() - started) / 1000;
  const { width, height } = original;
  const tiles = [original, removal.image, changeMap(original, removal.image)];
  const sheet = path.join(out, `${path.basename(file, '.jpg')}.png`);
  await sharp({ create: { width: width * 3 + 16, height, channels: 3, background: '#fff' } })
    .composite(
      await Promise.all(
        tiles.map(async (t, i) => ({ input: await png(t), left: i * (width + 8), top: 0 })),
      ),
    )
    .png()
    .toFile(sheet);
  const removed = removal.pieces.filter((p) => p.removed).length;
  console.log(
    `${sheet}: ${removed} of ${removal.pieces.length} removed in ${seconds.toFixed(1)} s`,
  );
  for (const p of removal.pieces) {
    console.log(
      `  ${p.label.padEnd(14)} ${p.removed ? 'removed' : `kept (${p.reason})`}  consistency ${p.consistency ?? '—'}`,
    );
  }
}
