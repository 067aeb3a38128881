import crypto from 'node:crypto';
import type { App } from '../src/app.ts';
import { billingSubscriptions } from '../src/db/schema/index.ts';
import { settleProcessing } from '../src/features/rooms/room-processing.service.ts';
import { smallPhoto, upload } from './image-helpers.ts';

export type Headers = Record<string, string>;

export async function uploadRoom(app: App, headers: Headers, extra: Record<string, string> = {}) {
  const res = await upload(
    app,
    headers,
    await smallPhoto('living-room.jpg', 560),
    'room.jpg',
    '/api/upload-room',
    extra,
  );
  return res;
}

/** Uploads the living room and processes it to the end. */
export async function processedRoom(
  app: App,
  headers: Headers,
  extra: Record<string, string> = {},
) {
  const { uploadId } = (await uploadRoom(app, headers, extra)).json();
  const started = await app.inject({
    method: 'POST',
    url: `/api/process-room/${uploadId}`,
    headers,
  });
  if (started.statusCode !== 202) throw new Error(`process-room answered ${started.statusCode}`);
  await settleProcessing(app);
  const design = (await app.inject({ url: `/api/room-upload/${uploadId}`, headers })).json();
  return { uploadId: uploadId as string, design, jobId: started.json().jobId as string };
}

export async function subscribe(app: App, accountId: string) {
  await app.database.db.insert(billingSubscriptions).values({
    id: `sub_test_${crypto.randomUUID()}`,
    accountId,
    customerId: `cus_test_${accountId}`,
    plan: 'basic',
    status: 'active',
    syncedAt: new Date(),
  });
}
