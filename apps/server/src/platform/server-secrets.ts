import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverSecrets } from '../db/schema/share-views.ts';

const known = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

/** One random value per name for the whole installation, made once and shared by every process. */
export function serverSecret(app: FastifyInstance, name: string): Promise<string> {
  let byName = known.get(app);
  if (!byName) known.set(app, (byName = new Map()));
  let value = byName.get(name);
  if (!value) {
    value = (async () => {
      const db = app.database.db;
      await db
        .insert(serverSecrets)
        .values({ name, value: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const rows = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name));
      return rows[0]!.value;
    })();
    value.catch(() => byName.delete(name));
    byName.set(name, value);
  }
  return value;
}
