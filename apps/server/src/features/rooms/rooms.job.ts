import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  designRoomInThread,
  hostedRemover,
  hostedRestyler,
  isRoomStyle,
  styleRoomInThread,
  type RoomStyle,
  type RoomVariation,
} from '@image-lab/engine';
import type { FurnitureBox } from '../../db/schema/rooms.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { readImageBytes } from '../images/images.service.ts';
import { putReport } from './room-reports.ts';

export const ROOM_DESIGN_JOB = 'room-design';
export const ROOM_STYLES_JOB = 'room-styles';

/** JSON only: with BullMQ the job may run in another process, which reads files by key. */
export interface RoomDesignPayload {
  /** Where this design's files go (`rooms/<owner>/r<id>/`). */
  folder: string;
  originalKey: string;
  styles: RoomStyle[];
}

export interface StoredVariation {
  style: RoomStyle;
  title: string;
  key: string;
  provider: string;
}

/** The shape of every paid job's answer (platform/job-run.ts); a failure throws. */
export interface RoomStylesOutcome {
  ok: true;
  variations: StoredVariation[];
}

export interface RoomDesignResult {
  workingKey: string;
  processedKey: string;
  maskKey: string;
  width: number;
  height: number;
  furniture: FurnitureBox[];
  variations: StoredVariation[];
}

export interface RoomStylesPayload {
  folder: string;
  workingKey: string;
  processedKey: string;
  maskKey: string;
  styles: RoomStyle[];
  /** Each style's file, named by the caller so a lease can remove it if this process dies. */
  keys: Partial<Record<RoomStyle, string>>;
}

/** Files never change once written (they are cached for a year): every run names its own. */
export const fileName = (name: string, extension: string) =>
  `${name}-${crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}.${extension}`;

async function storeVariations(
  app: FastifyInstance,
  folder: string,
  variations: RoomVariation[],
  written: string[],
  keys: Partial<Record<RoomStyle, string>> = {},
): Promise<StoredVariation[]> {
  const stored: StoredVariation[] = [];
  for (const variation of variations) {
    const key = keys[variation.style] ?? `${folder}${fileName(variation.style, 'jpg')}`;
    await app.storage.put(key, variation.image, 'image/jpeg');
    written.push(key);
    await putReport(app, key, { report: variation.report });
    stored.push({
      style: variation.style,
      title: variation.title,
      key,
      provider: variation.provider,
    });
  }
  return stored;
}

/** Removes what a failed run wrote, then fails as it did. */
async function cleaningUp<T>(app: FastifyInstance, work: (written: string[]) => Promise<T>) {
  const written: string[] = [];
  try {
    return await work(written);
  } catch (error) {
    await Promise.allSettled(written.map((key) => app.storage.delete(key)));
    throw error;
  }
}

export function defineRoomJobs(app: FastifyInstance) {
  app.jobs.define<RoomDesignPayload, RoomDesignResult>(
    ROOM_DESIGN_JOB,
    (payload, context: JobContext) =>
      cleaningUp(app, async (written) => {
        const photo = await readImageBytes(app, payload.originalKey);
        const design = await designRoomInThread(photo, {
          styles: payload.styles.filter(isRoomStyle),
          restyle: hostedRestyler(app.engine),
          remove: hostedRemover(app.engine),
          onProgress: (f) => void context.progress(Math.round(f * 95)),
        });
        const put = async (name: string, data: Buffer, type: 'jpg' | 'png') => {
          const key = `${payload.folder}${fileName(name, type)}`;
          await app.storage.put(key, data, type === 'png' ? 'image/png' : 'image/jpeg');
          written.push(key);
          return key;
        };
        const workingKey = await put('working', design.original, 'jpg');
        const processedKey = await put('furniture-removed', design.emptied, 'jpg');
        await putReport(
          app,
          processedKey,
          design.pieces.map(({ label, removed, reason }) => ({ label, removed, reason })),
        );
        const maskKey = await put('mask', design.mask, 'png');
        const variations = await storeVariations(app, payload.folder, design.variations, written);
        return {
          workingKey,
          processedKey,
          maskKey,
          width: design.width,
          height: design.height,
          furniture: design.furniture.map((f) => ({ label: f.label, score: f.score, box: f.box })),
          variations,
        };
      }),
  );

  app.jobs.define<RoomStylesPayload, RoomStylesOutcome>(ROOM_STYLES_JOB, (payload, context) =>
    cleaningUp(app, async (written) => {
      const [original, emptied, mask] = await Promise.all([
        readImageBytes(app, payload.workingKey),
        readImageBytes(app, payload.processedKey),
        readImageBytes(app, payload.maskKey),
      ]);
      const variations = await styleRoomInThread(
        { original, emptied, mask },
        payload.styles.filter(isRoomStyle),
        {
          restyle: hostedRestyler(app.engine),
          onProgress: (f) => void context.progress(Math.round(f * 95)),
        },
      );
      const stored = await storeVariations(app, payload.folder, variations, written, payload.keys);
      return { ok: true as const, variations: stored };
    }),
  );
}
