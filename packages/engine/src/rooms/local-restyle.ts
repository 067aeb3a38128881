import type { Capability, Provider, ProviderRegistryLike } from '../provider.ts';
import { designRoom, type Restyler } from './design-room.ts';
import { isRoomStyle, restylePrompt } from './room-styles.ts';
import { EngineInputError } from '../errors.ts';

export const ROOM_CAPABILITIES: readonly Capability[] = ['restyleRoom'];

/** The local 'restyleRoom': the style as material changes of the photo inside its regions. */
export const localRoomDesign: Pick<Provider, 'restyleRoom'> = {
  restyleRoom: async (request) => {
    if (!isRoomStyle(request.style)) {
      throw new EngineInputError('unknown_style', `Unknown room style: ${request.style}`);
    }
    const design = await designRoom(request.image, {
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

/**
 * The hosted restyle, when the registry routes 'restyleRoom' (or, failing that, 'edit') to a
 * provider other than the local one: the whole photo goes to the image model with the style's
 * prompt. Undefined means the local looks are used.
 */
export function hostedRestyler(registry: ProviderRegistryLike): Restyler | undefined {
  const restyler = registry.for('restyleRoom');
  if (restyler?.restyleRoom && restyler.id !== 'local') {
    const run = restyler.restyleRoom.bind(restyler);
    return async (image, style, signal) => {
      const result = await run({ image, style, prompt: restylePrompt(style), signal });
      return { image: firstImage(result.images, restyler.id), provider: restyler.id };
    };
  }
  const editor = registry.for('edit');
  if (editor?.edit && editor.id !== 'local') {
    const run = editor.edit.bind(editor);
    return async (image, style, signal) => {
      const result = await run({ image, prompt: restylePrompt(style), numImages: 1, signal });
      return { image: firstImage(result.images, editor.id), provider: editor.id };
    };
  }
  return undefined;
}

function firstImage(images: Buffer[], provider: string): Buffer {
  const image = images[0];
  if (!image) throw new Error(`${provider} returned no restyled room`);
  return image;
}
