import type { FastifyInstance } from 'fastify';
import { listImages, storageKeysOfAccount } from './images.repository.ts';

/** The account's images go with it, and are listed in its data export. */
export function subscribeToAccountHooks(app: FastifyInstance) {
  app.accountHooks.onAccountFiles((app, accountId) =>
    storageKeysOfAccount(app.database.db, accountId),
  );
  app.accountHooks.onAccountExport(async (app, accountId) => {
    const rows = await listImages(app.database.db, accountId, 100_000);
    return {
      images: rows.map((i) => ({
        url: `${app.config.publicUrl}/uploads/${i.storageKey}`,
        kind: i.kind,
        prompt: i.prompt,
        createdAt: i.createdAt,
      })),
    };
  });
}
