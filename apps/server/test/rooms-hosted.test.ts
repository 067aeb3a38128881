import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRoom, loadDetector, regionsOf, type RawImage } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { roomUploads } from '../src/db/schema/rooms.ts';
import { readImageBytes } from '../src/features/images/images.service.ts';
import { openaiRoute } from '../../../packages/engine/src/hosted/test-support/provider-routes.ts';
import {
  startStandIn,
  type StandIn,
} from '../../../packages/engine/src/hosted/test-support/stand-in.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { fetchStored, smallPhoto } from './image-helpers.ts';
import { processedRoom } from './rooms-helpers.ts';

// A room design with gpt-image configured: the removal and each style go to the masked edit
// call (/v1/images/edits with a mask, OpenAI's wire format, served by a local stand-in), and
// what comes back is pasted inside the mask, so the ceiling, windows and doors stay the photo's.

let openai: StandIn;
let app: App;

beforeAll(async () => {
  // What gpt-image answers: another photograph, so every pixel it was allowed to change shows.
  const picture = await sharp(await smallPhoto('bedroom.jpg', 560))
    .png()
    .toBuffer();
  openai = await startStandIn(openaiRoute(picture, () => ({})));
  app = await buildTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test-rooms',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    AI_RETRY_BASE_MS: '5',
  });
  await loadDetector();
}, 120_000);
afterAll(async () => {
  await app.close();
  await openai.close();
});

/** 1 where OpenAI's mask is transparent (the model may paint there). */
async function paintable(n: number, width: number, height: number): Promise<Uint8Array> {
  const mask = openai.requests[n]!.form!.get('mask') as File;
  const { data } = await sharp(Buffer.from(await mask.arrayBuffer()))
    .ensureAlpha()
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Uint8Array.from({ length: width * height }, (_, p) => (data[p * 4 + 3]! < 128 ? 1 : 0));
}

/** Mean absolute difference per channel where `where` is 1 (or 0, with `outside`). */
/** The pixels of a mask at least `by` pixels (in x and y) from its edge. */
function insideBy(mask: Uint8Array, width: number, height: number, by: number) {
  return Uint8Array.from(mask, (v, p) => {
    if (!v) return 0;
    const x = p % width;
    const y = Math.floor(p / width);
    for (let dy = -by; dy <= by; dy++) {
      for (let dx = -by; dx <= by; dx++) {
        const cx = x + dx;
        const cy = y + dy;
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
        if (!mask[cy * width + cx]) return 0;
      }
    }
    return 1;
  });
}

function meanDifference(a: RawImage, b: RawImage, where: Uint8Array, outside = false) {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < where.length; p++) {
    if (Boolean(where[p]) === outside) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[p * 3 + c]! - b.data[p * 3 + c]!);
    n += 3;
  }
  return sum / Math.max(1, n);
}

describe('a room designed with a hosted image model', () => {
  it('sends every piece and each style with a mask, and keeps the photo outside it', async () => {
    const { headers } = await newSignedInUser(app);
    const sent = openai.requests.length;
    const { design, uploadId } = await processedRoom(app, headers);
    expect(design.status).toBe('completed');
    const [row] = await app.database.db
      .select()
      .from(roomUploads)
      .where(eq(roomUploads.id, uploadId));
    const original = await decodeRoom(await readImageBytes(app, row!.workingKey!), 100_000);
    const { width, height } = original;

    // One masked call to take the furniture out, then one per style.
    const calls = openai.requests.slice(sent);
    expect(calls).toHaveLength(1 + design.variations.length);
    for (const call of calls) {
      expect(call.path).toBe('/v1/images/edits');
      expect(call.form!.get('mask')).toBeTruthy();
    }
    expect(design.pieces.length).toBeGreaterThan(0);
    expect(design.pieces.every((p: { removed: boolean }) => p.removed)).toBe(true);

    // The removal's mask is the pieces (their outlines, found again on the stored photo), and
    // outside it the photo is unchanged.
    const regions = await regionsOf(original);
    const removal = await paintable(sent, width, height);
    expect(regions.pieces.length).toBeGreaterThan(0);
    for (const piece of regions.pieces) {
      let inside = 0;
      let open = 0;
      for (let p = 0; p < removal.length; p++) {
        if (piece.mask.data[p]! < 128) continue;
        inside++;
        open += removal[p]!;
      }
      expect(open / inside).toBeGreaterThan(0.8);
    }
    const emptied = await decodeRoom(
      await fetchStored(app, design.processedImageUrl, headers),
      100_000,
    );
    expect(meanDifference(original, emptied, removal)).toBeGreaterThan(15);
    expect(meanDifference(original, emptied, removal, true)).toBeLessThan(2.5);

    // Each style: walls and floor may change, the ceiling stays the photo's own. Found again on
    // the stored JPEG (colour at half resolution), the ceiling's edge moves by a pixel or two:
    // what counts is the ceiling two pixels in from it.
    const ceiling = insideBy(
      Uint8Array.from(regions.regions.ceiling.mask.data, (v) => (v >= 128 ? 1 : 0)),
      width,
      height,
      2,
    );
    const ceilingSize = ceiling.reduce((a, b) => a + b, 0);
    expect(ceilingSize).toBeGreaterThan(width * height * 0.02);
    for (const [i, variation] of design.variations.entries()) {
      expect(variation.report).toBeNull();
      const open = await paintable(sent + 1 + i, width, height);
      const styled = await decodeRoom(await fetchStored(app, variation.imageUrl, headers), 100_000);
      expect(meanDifference(original, styled, open)).toBeGreaterThan(15);
      expect(meanDifference(original, styled, open, true)).toBeLessThan(2.5);
      let ceilingOpen = 0;
      for (let p = 0; p < ceiling.length; p++) if (ceiling[p] && open[p]) ceilingOpen++;
      expect(ceilingOpen).toBeLessThan(ceilingSize * 0.001);
    }
  }, 240_000);
});
