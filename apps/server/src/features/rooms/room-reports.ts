import type { FastifyInstance } from 'fastify';
import { RoomStyleReport, RoomUpload } from '@image-lab/contract';
import { z } from 'zod';
import { readAll, renditionsPrefix } from '../../platform/storage.ts';

/**
 * What the engine did to make an image (a style's report, the pieces a removal took out or
 * kept) lives beside the image as a rendition: deleting the image deletes it, and no table
 * needs a column for it (docs/decisions/026).
 */
export const reportKey = (imageKey: string) => `${renditionsPrefix(imageKey)}report.json`;

export const PieceOutcomes = RoomUpload.shape.pieces.unwrap();
/** A variation's report file: the local engine's report, or null for a hosted restyle. */
const VariationReport = z.object({ report: RoomStyleReport.nullable() });

export async function putReport(app: FastifyInstance, imageKey: string, report: unknown) {
  await app.storage.put(
    reportKey(imageKey),
    Buffer.from(JSON.stringify(report)),
    'application/json',
  );
}

async function readReport<T>(app: FastifyInstance, imageKey: string, schema: z.ZodType<T>) {
  const object = await app.storage.get(reportKey(imageKey)).catch(() => undefined);
  if (!object) return undefined;
  const parsed = schema.safeParse(JSON.parse((await readAll(object)).toString('utf8')));
  return parsed.success ? parsed.data : undefined;
}

export async function variationReport(app: FastifyInstance, imageKey: string) {
  return (await readReport(app, imageKey, VariationReport))?.report;
}

export async function removalReport(app: FastifyInstance, imageKey: string) {
  return readReport(app, imageKey, PieceOutcomes);
}
