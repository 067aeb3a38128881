import sharp, { type Sharp } from 'sharp';

export const DELIVERY_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type DeliveryFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** Any requested width becomes the nearest offered one, so the cache holds few variants. */
export function snapDeliveryWidth(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return 1280;
  let best: number = DELIVERY_WIDTHS[0];
  for (const width of DELIVERY_WIDTHS) {
    if (Math.abs(width - requested) < Math.abs(best - requested)) best = width;
  }
  return best;
}

export interface DeliveryOptions {
  width: number;
  quality: number;
  format: DeliveryFormat;
  /** A tiny, soft stand-in shown while the real image loads. */
  blur?: boolean;
}

const BLUR_WIDTH = 40;

/** A resized copy for the browser: never enlarged, orientation applied, metadata dropped. */
export async function renderForDelivery(input: Buffer, options: DeliveryOptions): Promise<Buffer> {
  const width = options.blur ? BLUR_WIDTH : options.width;
  let pipeline = sharp(input, { failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  if (options.blur) pipeline = pipeline.blur(1.2);
  return encode(pipeline, options.format, options.quality).toBuffer();
}

/** The whole image in another format, for downloads. */
export async function convertImage(input: Buffer, format: DeliveryFormat): Promise<Buffer> {
  return encode(sharp(input, { failOn: 'error' }).rotate(), format, 92).toBuffer();
}

function encode(pipeline: Sharp, format: DeliveryFormat, quality: number): Sharp {
  switch (format) {
    case 'avif':
      // AVIF looks as good as JPEG at a much lower setting; effort 2 keeps encoding fast.
      return pipeline.avif({ quality: Math.max(1, Math.round(quality * 0.65)), effort: 2 });
    case 'webp':
      return pipeline.webp({ quality });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: false });
  }
}

export const DELIVERY_CONTENT_TYPES: Record<DeliveryFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Width, height and format from the header only; nothing is decoded. */
export async function describeImage(
  input: Buffer,
): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(input).metadata();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, format: meta.format };
}
