import type { FastifyInstance } from 'fastify';
import type { BatchProgressEvent } from '@image-lab/contract';
import type { Guest } from '../guests/guest.service.ts';
import type { BatchOwnerKey, BatchRow } from './batch.repository.ts';

/** Who starts and sees a batch: the acting account, or a visitor by its cookie. */
export type BatchOwner = { kind: 'account'; accountId: string } | { kind: 'guest'; guest: Guest };

export const ownerKey = (owner: BatchOwner): BatchOwnerKey =>
  owner.kind === 'account' ? { accountId: owner.accountId } : { guestHash: owner.guest.hash };

/**
 * Where cancels of a batch's images are announced: the account's cancel channel (which the
 * waiting edits of that account also hear), or the visitor's batch's own.
 */
export const cancelScope = (batch: Pick<BatchRow, 'id' | 'accountId'>) =>
  batch.accountId ?? `guest-batch:${batch.id}`;

/**
 * Tells the account's screens (over /api/events) that a batch moved; a visitor has no stream
 * and reads its batch again instead.
 */
export async function publishBatchProgress(
  app: FastifyInstance,
  owner: BatchOwner | Pick<BatchRow, 'accountId'>,
  event: BatchProgressEvent,
) {
  const accountId =
    'kind' in owner ? (owner.kind === 'account' ? owner.accountId : null) : owner.accountId;
  if (!accountId) return;
  try {
    await app.events.publish(accountId, { type: 'batch-progress', data: event });
  } catch (error) {
    app.log.warn({ err: error }, 'could not publish batch progress');
  }
}
