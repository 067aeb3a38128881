import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { EngineInputError } from '../errors.ts';
import { designRoom } from './design-room.ts';
import type { Restyler } from './hosted-room.ts';
import { designRoomInThread, styleRoomInThread } from './room-thread.ts';

/** The longest the event loop went without a turn while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    return { result, stall };
  } finally {
    clearInterval(timer);
  }
}

describe('room design on the engine thread', () => {
  it('answers as designRoom does, while this thread stays free', async () => {
    const photo = await fixture('living-room.jpg', 800);
    const progress: number[] = [];
    const { result: design, stall } = await longestStall(() =>
      designRoomInThread(photo, {
        styles: ['modern'],
        maxLongSide: 400,
        onProgress: (f) => progress.push(f),
      }),
    );
    const here = await designRoom(photo, { styles: ['modern'], maxLongSide: 400 });
    expect(design.pieces).toEqual(here.pieces);
    expect(design.variations.map((v) => v.report)).toEqual(here.variations.map((v) => v.report));
    expect(Buffer.isBuffer(design.emptied) && Buffer.isBuffer(design.variations[0]!.image)).toBe(
      true,
    );
    expect(design.emptied.equals(here.emptied)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // In-process the same design held the loop for 26 s on a busy machine (its fill and
    // styles are loops); here the longest gap was 0.16 s.
    expect(stall).toBeLessThan(1000);
  }, 180_000);

  it('says a broken photo is broken, with the engine error and its code', async () => {
    const error = await designRoomInThread(Buffer.from('not a photo\u0000')).catch((e) => e);
    expect(error).toBeInstanceOf(EngineInputError);
    expect((error as EngineInputError).code).toBe('corrupt');
  });

  it('stops when its signal aborts and takes the next task after', async () => {
    const photo = await fixture('living-room.jpg', 800);
    const controller = new AbortController();
    const running = designRoomInThread(photo, { maxLongSide: 320, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the person')), 50);
    await expect(running).rejects.toThrow('cancelled by the person');
    const after = await designRoomInThread(photo, { styles: [], maxLongSide: 320 });
    expect(after.width).toBe(320);
  }, 180_000);

  it('calls a hosted restyler back on this thread with the photo, the mask and the signal', async () => {
    const photo = await fixture('living-room.jpg', 640);
    const design = await designRoomInThread(photo, { styles: [], maxLongSide: 320 });
    const calls: Array<{ photo: boolean; style: string; mask: boolean; signal: boolean }> = [];
    const signal = new AbortController().signal;
    const restyle: Restyler = async (image, style, mask, given) => {
      calls.push({
        photo: Buffer.isBuffer(image),
        style,
        mask: Buffer.isBuffer(mask),
        signal: given === signal,
      });
      return { image: design.original, provider: 'stand-in' };
    };
    const variations = await styleRoomInThread(
      { original: design.original, emptied: design.emptied, mask: design.mask },
      ['industrial'],
      { restyle, signal },
    );
    expect(calls).toEqual([{ photo: true, style: 'industrial', mask: true, signal: true }]);
    expect(variations).toMatchObject([{ style: 'industrial', provider: 'stand-in', report: null }]);
    expect(variations[0]!.image.equals(design.original)).toBe(true);
  }, 180_000);
});
