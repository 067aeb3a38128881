import { batch } from './suites/batch.ts';
import { downloadAll } from './suites/download-all.ts';
import { gallery } from './suites/gallery.ts';
import { httpOverhead } from './suites/http-overhead.ts';
import { load } from './suites/load.ts';
import { images } from './suites/images.ts';
import { modelsA } from './suites/models-a.ts';
import { modelsB } from './suites/models-b.ts';
import { rooms } from './suites/rooms.ts';
import { roomsQuality } from './suites/rooms-quality.ts';
import { selections } from './suites/selections.ts';
import { video } from './suites/video.ts';
import { webFirstPaint } from './suites/web-first-paint.ts';
import { whiteboard } from './suites/whiteboard.ts';

// npm run bench: every suite prints ratios measured side by side in the same run, so numbers
// from different machines can still be compared.
const suites: Record<string, () => Promise<void>> = {
  'http-overhead': httpOverhead,
  images,
  'download-all': downloadAll,
  gallery,
  'web-first-paint': webFirstPaint,
  whiteboard,
  'models-a': modelsA,
  'models-b': modelsB,
  video,
  rooms,
  'rooms-quality': roomsQuality,
  selections,
  load,
  batch,
};

const wanted = process.argv.slice(2);
for (const [name, suite] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await suite();
}
