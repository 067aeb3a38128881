import { createRequire } from 'node:module';
import { EngineInputError } from './errors.ts';

interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel. */
  data: Uint8ClampedArray;
}

interface LazyImage {
  width: number;
  height: number;
  decode(): Promise<DecodedImage>;
}

interface HeicDecode {
  all(input: { buffer: Uint8Array }): Promise<LazyImage[] & { dispose(): void }>;
}

// heic-decode ships no types; loading it through require keeps its typing here, so no
// ambient declaration has to travel into every program that imports the engine.
const decodeHeicFile = createRequire(import.meta.url)('heic-decode') as HeicDecode;

export interface RgbaPixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The primary picture of a HEIC file as RGBA. sharp's prebuilt libvips has no HEVC decoder, so
 * this runs libheif compiled to WebAssembly. The size is read from the file's header before
 * anything is decoded, so a pixel bomb is refused without allocating its pixels.
 */
export async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<RgbaPixels> {
  let images: Awaited<ReturnType<typeof decodeHeicFile.all>>;
  try {
    images = await decodeHeicFile.all({ buffer: bytes });
  } catch (error) {
    throw new EngineInputError('corrupt', 'The HEIC file could not be read', { cause: error });
  }
  try {
    const primary = images[0];
    if (!primary) throw new EngineInputError('corrupt', 'The HEIC file holds no image');
    if (primary.width * primary.height > maxPixels) {
      throw new EngineInputError('too_many_pixels', 'The image has too many pixels');
    }
    const decoded = await primary.decode().catch((error: unknown) => {
      throw new EngineInputError('corrupt', 'The HEIC image could not be decoded', {
        cause: error,
      });
    });
    const { buffer, byteOffset, byteLength } = decoded.data;
    return {
      data: Buffer.from(buffer, byteOffset, byteLength),
      width: decoded.width,
      height: decoded.height,
    };
  } finally {
    images.dispose();
  }
}
