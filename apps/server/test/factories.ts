import crypto from 'node:crypto';
import { users } from '../src/db/schema/index.ts';
import type { Database } from '../src/platform/db.ts';

/** A user row with a unique e-mail; tests share one database, so nothing assumes empty tables. */
export async function newUserRow(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${crypto.randomUUID()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      ...overrides,
    })
    .returning();
  return user!;
}
