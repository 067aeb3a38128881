import type { Capability, Provider } from '../provider.ts';
import { designRoomInThread } from './room-thread.ts';
import { isRoomStyle } from './room-styles.ts';
import { EngineInputError } from '../errors.ts';

export const ROOM_CAPABILITIES: readonly Capability[] = ['restyleRoom'];

/** The local 'restyleRoom': the style as material changes of the photo inside its regions. */
export const localRoomDesign: Pick<Provider, 'restyleRoom'> = {
  restyleRoom: async (request) => {
    if (!isRoomStyle(request.style)) {
      throw new EngineInputError('unknown_style', `Unknown room style: ${request.style}`);
    }
    const design = await designRoomInThread(request.image, {
      styles: [request.style],
      signal: request.signal,
      onProgress: request.onProgress,
    });
    return {
      images: design.variations.map((v) => v.image),
      applied: [
        `${design.variations[0]!.title}: ${design.variations[0]!.report?.changed.join(', ') ?? 'restyled'} changed`,
      ],
      unsupported: [],
    };
  },
};
