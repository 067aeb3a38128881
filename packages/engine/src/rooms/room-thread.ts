import { asBuffer } from '../threads/bytes.ts';
import { runInEngineThread } from '../threads/engine-thread.ts';
import type { DesignOptions, RoomDesign, RoomVariation } from './design-room.ts';
import type { Restyler } from './hosted-room.ts';
import type { RoomStyle } from './room-styles.ts';

const variationsAsBuffers = (variations: RoomVariation[]) =>
  variations.map((v) => ({ ...v, image: asBuffer(v.image) }));

const hostedCallbacks = (calls: { restyle?: Restyler; remove?: DesignOptions['remove'] }) =>
  Object.fromEntries(Object.entries(calls).filter(([, call]) => call)) as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;

/**
 * designRoom on the engine thread: the same answer, while the server's event loop stays free
 * (a 12 MP room is tens of seconds of pixel loops). Hosted models are still called from here.
 */
export async function designRoomInThread(
  input: Buffer,
  options: DesignOptions = {},
): Promise<RoomDesign> {
  const design = await runInEngineThread<RoomDesign>({
    task: 'designRoom',
    args: { input, styles: options.styles, maxLongSide: options.maxLongSide },
    callbacks: hostedCallbacks({ restyle: options.restyle, remove: options.remove }),
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return {
    ...design,
    original: asBuffer(design.original),
    emptied: asBuffer(design.emptied),
    mask: asBuffer(design.mask),
    variations: variationsAsBuffers(design.variations),
  };
}

/** More styles for a room designed earlier (its stored layers), on the engine thread. */
export async function styleRoomInThread(
  stored: { original: Buffer; emptied: Buffer; mask: Buffer },
  styles: readonly RoomStyle[],
  options: Pick<DesignOptions, 'restyle' | 'signal' | 'onProgress'> = {},
): Promise<RoomVariation[]> {
  const variations = await runInEngineThread<RoomVariation[]>({
    task: 'styleRoom',
    args: { ...stored, styles },
    callbacks: hostedCallbacks({ restyle: options.restyle }),
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return variationsAsBuffers(variations);
}
