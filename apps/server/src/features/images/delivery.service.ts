import crypto from 'node:crypto';
import {
  DELIVERY_CONTENT_TYPES,
  renderForDelivery,
  snapDeliveryWidth,
  type DeliveryFormat,
} from '@image-lab/engine/delivery';
import { Semaphore } from '../../platform/jobs.ts';
import { renditionsPrefix, type Storage, type StoredObject } from '../../platform/storage.ts';

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

/** Where one resized copy lives: beside the other renditions of its source, deleted with it. */
export function renditionKeyOf(variant: Variant): string {
  const name = `w${variant.width}-q${variant.quality}${variant.blur ? '-blur' : ''}`;
  return `${renditionsPrefix(variant.key)}${name}.${variant.format}`;
}

/**
 * Resized copies kept in the storage under `renditions/<source key>/` (docs/decisions/020), so
 * every process sees them and deleting the source deletes them. Concurrent requests for the
 * same variant share one render, and renders are bounded so a burst cannot exhaust the CPU.
 */
export class Renditions {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly renders: Semaphore;

  constructor(
    private readonly storage: Storage,
    concurrency: number,
  ) {
    this.renders = new Semaphore(concurrency);
  }

  contentTypeOf(variant: Variant): string {
    return DELIVERY_CONTENT_TYPES[variant.format];
  }

  read(variant: Variant): Promise<StoredObject | undefined> {
    return this.storage.get(renditionKeyOf(variant));
  }

  async render(variant: Variant, load: () => Promise<Buffer>): Promise<Buffer> {
    const key = renditionKeyOf(variant);
    const running = this.inFlight.get(key);
    if (running) return running;
    const task = this.renders
      .use(async () => {
        const output = await renderForDelivery(await load(), variant);
        await this.storage.put(key, output, this.contentTypeOf(variant));
        // The source was deleted while this copy was made: it must not outlive it.
        if (!(await this.storage.exists(variant.key))) await this.storage.delete(key);
        return output;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, task);
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
