import sharp from 'sharp';
import { pasteInsideMask } from '../hosted/images.ts';
import type { Provider, ProviderRegistryLike } from '../provider.ts';
import type { RoomRegions } from '../masks/room-regions.ts';
import { restylePrompt, type RoomStyle } from './room-styles.ts';
import { pieceHole } from './remove-pieces.ts';

/**
 * A restyle by a generative model: the room photo in, the redesigned room out (JPEG). `mask`
 * (PNG, white = may change) is what the model may restage: walls, floor and furniture;
 * windows, doors, the ceiling and what hangs on the walls stay the photo's own.
 */
export type Restyler = (
  image: Buffer,
  style: RoomStyle,
  mask: Buffer,
  signal?: AbortSignal,
) => Promise<{ image: Buffer; provider: string }>;

/** Furniture taken out by a hosted inpainting model: the photo and the pieces' holes in. */
export type Remover = (
  image: Buffer,
  mask: Buffer,
  signal?: AbortSignal,
) => Promise<{ image: Buffer; provider: string }>;

const hosted = (provider: Provider | undefined) =>
  provider && provider.id !== 'local' ? provider : undefined;

function firstImage(images: Buffer[], provider: string): Buffer {
  const image = images[0];
  if (!image) throw new Error(`${provider} returned no room`);
  return image;
}

/** White where a mask is set (any value but 0), as a one-channel PNG. */
export function maskToPng(mask: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(Uint8Array.from(mask, (v) => (v ? 255 : 0))), {
    raw: { width, height, channels: 1 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * What a hosted model may restage: the walls, the floor and every piece, less the windows,
 * doors, ceiling, pictures and plants (the room's geometry and what a person keeps).
 */
export function restageMask(regions: RoomRegions): Uint8Array {
  const { width, height } = regions;
  const out = new Uint8Array(width * height);
  const { wall, floor, ceiling, window, door, picture, plant } = regions.regions;
  for (const piece of regions.pieces) {
    const hole = pieceHole(piece, width, height);
    for (let p = 0; p < out.length; p++) if (hole[p]) out[p] = 255;
  }
  for (let p = 0; p < out.length; p++) {
    if (wall.mask.data[p]! >= 128 || floor.mask.data[p]! >= 128) out[p] = 255;
  }
  for (const keep of [ceiling, window, door, picture, plant]) {
    for (let p = 0; p < out.length; p++) if (keep.mask.data[p]! >= 128) out[p] = 0;
  }
  return out;
}

/**
 * The hosted restyle, when a provider other than the local one is configured. With a hosted
 * masked call ('inpaint': gpt-image's edits with a mask, FLUX Fill) the mask goes with the
 * prompt and the answer is pasted inside it; with only an unmasked 'restyleRoom' or 'edit'
 * (Gemini) the whole photo goes and the answer is pasted inside the mask here, so windows,
 * doors and the ceiling stay the photo's in either case. Undefined: the local looks are used.
 */
export function hostedRestyler(registry: ProviderRegistryLike): Restyler | undefined {
  const masked = hosted(registry.for('inpaint'));
  const restyler = hosted(registry.for('restyleRoom'));
  const editor = hosted(registry.for('edit'));
  if (masked?.inpaint && (restyler ?? editor)) {
    const run = masked.inpaint.bind(masked);
    return async (image, style, mask, signal) => {
      const prompt = restylePrompt(style);
      const result = await run({ image, mask, prompt, format: 'jpeg', signal });
      return { image: firstImage(result.images, masked.id), provider: masked.id };
    };
  }
  const whole = restyler?.restyleRoom
    ? {
        id: restyler.id,
        run: (image: Buffer, style: RoomStyle, signal?: AbortSignal) =>
          restyler.restyleRoom!({ image, style, prompt: restylePrompt(style), signal }),
      }
    : editor?.edit
      ? {
          id: editor.id,
          run: (image: Buffer, style: RoomStyle, signal?: AbortSignal) =>
            editor.edit!({ image, prompt: restylePrompt(style), numImages: 1, signal }),
        }
      : undefined;
  if (!whole) return undefined;
  return async (image, style, mask, signal) => {
    const answer = firstImage((await whole.run(image, style, signal)).images, whole.id);
    return { image: await pasteInsideMask(image, answer, mask, 'jpeg'), provider: whole.id };
  };
}

/**
 * The hosted removal, when 'inpaint' is routed to a hosted model: every piece's hole (its
 * outline and contact shadow) goes as the mask, and only those pixels change. Undefined: the
 * local fill and its gate are used.
 */
export function hostedRemover(registry: ProviderRegistryLike): Remover | undefined {
  const inpainter = hosted(registry.for('inpaint'));
  if (!inpainter?.inpaint) return undefined;
  const run = inpainter.inpaint.bind(inpainter);
  return async (image, mask, signal) => {
    const result = await run({ image, mask, format: 'jpeg', signal });
    return { image: firstImage(result.images, inpainter.id), provider: inpainter.id };
  };
}
