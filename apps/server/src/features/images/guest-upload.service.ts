import type { FastifyInstance } from 'fastify';
import type { SavedImageResponse } from '@image-lab/contract';
import { guestRecordId, newGuestKey } from '../../platform/guest-identity.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { recordGuestFiles } from '../guests/guest.repository.ts';
import type { Guest } from '../guests/guest.service.ts';
import { normalizeOrRefuse } from './images.service.ts';

/** A guest's upload: checked and normalised like any other, kept for a day, in no gallery. */
export async function saveGuestOriginal(
  app: FastifyInstance,
  guest: Guest,
  file: UploadedFile,
): Promise<SavedImageResponse> {
  const image = await normalizeOrRefuse(app, file.data);
  const key = newGuestKey(guest.hash);
  await app.storage.put(key, image.data, 'image/jpeg');
  try {
    await recordGuestFiles(app.database.db, guest.hash, [key]);
  } catch (error) {
    await app.storage.delete(key).catch(() => {});
    throw error;
  }
  return {
    id: guestRecordId(key),
    imageUrl: urlOfKey(key),
    width: image.width,
    height: image.height,
    aspectRatio: image.aspectRatio,
  };
}
