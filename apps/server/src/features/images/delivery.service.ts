import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DELIVERY_CONTENT_TYPES,
  renderForDelivery,
  snapDeliveryWidth,
  type DeliveryFormat,
} from '@image-lab/engine/delivery';
import { Semaphore } from '../../platform/jobs.ts';

export interface Variant {
  key: string;
  width: number;
  quality: number;
  format: DeliveryFormat;
  blur: boolean;
}

/** The best format the browser says it takes; JPEG for everyone else. */
export function formatFromAccept(accept: string | undefined): DeliveryFormat {
  const value = (accept ?? '').toLowerCase();
  if (value.includes('image/avif')) return 'avif';
  if (value.includes('image/webp')) return 'webp';
  return 'jpeg';
}

export function variantOf(
  key: string,
  query: { w?: number; q?: number; blur?: boolean },
  accept?: string,
): Variant {
  const blur = query.blur === true;
  return {
    key,
    width: snapDeliveryWidth(query.w),
    quality: blur ? 20 : (query.q ?? 80),
    format: formatFromAccept(accept),
    blur,
  };
}

/** Stored files never change, so the variant's description is its identity. */
export function etagOf(variant: Variant): string {
  const id = `${variant.key}|${variant.width}|${variant.quality}|${variant.format}|${variant.blur}`;
  return `"${crypto.createHash('sha256').update(id).digest('base64url').slice(0, 27)}"`;
}

/**
 * Resized copies on disk under DATA_DIR/cache/optimized. Concurrent requests for the same
 * variant share one render, and renders are bounded so a burst cannot exhaust the CPU.
 */
export class DeliveryCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly renders: Semaphore;

  constructor(
    private readonly root: string,
    concurrency: number,
  ) {
    fs.mkdirSync(root, { recursive: true });
    this.renders = new Semaphore(concurrency);
  }

  contentTypeOf(variant: Variant): string {
    return DELIVERY_CONTENT_TYPES[variant.format];
  }

  private fileOf(variant: Variant): string {
    const name = etagOf(variant).slice(1, -1);
    return path.join(this.root, name.slice(0, 2), `${name}.${variant.format}`);
  }

  async read(variant: Variant): Promise<Buffer | undefined> {
    return fs.promises.readFile(this.fileOf(variant)).catch(() => undefined);
  }

  async render(variant: Variant, load: () => Promise<Buffer>): Promise<Buffer> {
    const file = this.fileOf(variant);
    const running = this.inFlight.get(file);
    if (running) return running;
    const task = this.renders
      .use(async () => {
        const output = await renderForDelivery(await load(), variant);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
        await fs.promises.writeFile(temp, output);
        await fs.promises.rename(temp, file);
        return output;
      })
      .finally(() => this.inFlight.delete(file));
    this.inFlight.set(file, task);
    return task;
  }
}

/** A download name: letters, digits, dash and underscore only, never a path. */
export function sanitizeFilename(name: string | undefined, extension: string): string {
  const base = (name ?? '')
    .replace(/\.(jpe?g|png|webp|avif|heic)$/i, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return `${base || 'image'}.${extension}`;
}
