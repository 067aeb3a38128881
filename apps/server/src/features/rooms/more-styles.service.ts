import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  MORE_ROOM_STYLE_IDS,
  MORE_STYLES_TOKENS,
  NOT_ENOUGH_TOKENS,
  type MoreStylesResponse,
} from '@image-lab/contract';
import { payWithCredits } from '../../platform/credit-payer.ts';
import { balanceOf } from '../../platform/credits.repository.ts';
import { AppError } from '../../platform/errors.ts';
import { runPaidJob, type Payer } from '../../platform/paid-job.ts';
import { billingFlags } from '../billing/billing.service.ts';
import { folderOf, variationRow } from './room-processing.service.ts';
import { reportKey } from './room-reports.ts';
import type { RoomOwner } from './room-owner.ts';
import {
  fileName,
  ROOM_STYLES_JOB,
  type RoomStylesOutcome,
  type RoomStylesPayload,
} from './rooms.job.ts';
import { insertVariations, variationsOf, type RoomVariationRow } from './rooms.repository.ts';
import { orderedVariations, ownRoomUpload } from './rooms.service.ts';

const MORE_STYLES_FAILED = 'Failed to generate more styles. Please try again.';

const notEnoughTokens = () =>
  new AppError(402, 'not_enough_tokens', NOT_ENOUGH_TOKENS, 'Not Enough Credits');

/** The account's credits, refused in the rooms' own words ('tokens'). */
function payWithTokens(app: FastifyInstance, accountId: string): Payer {
  const credits = payWithCredits(app, accountId);
  return {
    reserve: (job) =>
      credits.reserve(job).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'out_of_credits'
          ? notEnoughTokens()
          : error;
      }),
  };
}

/**
 * 'More styles' (working areas §5, §9): an active subscription and at least 10 tokens; 10 are
 * taken before the job and given back if it fails. Accounts with the premium room upgrade get
 * them without a subscription and without cost. Adds the styles the design does not have. One
 * paid job like an edit (platform/paid-job.ts): leased, its files named before it runs.
 */
export async function moreStyles(
  app: FastifyInstance,
  owner: RoomOwner,
  id: string,
): Promise<MoreStylesResponse> {
  if (owner.kind !== 'account') throw notEnoughTokens();
  const db = app.database.db;
  const row = await ownRoomUpload(app, owner, id);
  const { workingKey, processedKey, maskKey } = row;
  if (row.status !== 'completed' || !workingKey || !processedKey || !maskKey) {
    throw new AppError(409, 'not_processed', 'Process the room before asking for more styles.');
  }
  const have = new Set((await variationsOf(db, [id])).map((v) => v.style));
  const styles = MORE_ROOM_STYLE_IDS.filter((s) => !have.has(s));
  if (styles.length === 0) {
    throw new AppError(409, 'no_more_styles', 'Every style has been made for this design.');
  }
  const flags = await billingFlags(db, owner.accountId);
  // The premium room upgrade ('Unlock unlimited AI-powered room designs') makes them free.
  const cost = flags.premiumRooms ? 0 : MORE_STYLES_TOKENS;
  if (cost > 0 && !flags.subscribed) throw notEnoughTokens();
  const folder = folderOf(owner, id);
  const keys = Object.fromEntries(
    styles.map((style) => [style, `${folder}${fileName(style, 'jpg')}`]),
  );
  return runPaidJob<RoomStylesPayload, RoomStylesOutcome, RoomVariationRow[], MoreStylesResponse>(
    app,
    payWithTokens(app, owner.accountId),
    {
      jobId: crypto.randomUUID(),
      kind: ROOM_STYLES_JOB,
      credits: cost,
      reason: 'room_styles',
      writes: Object.values(keys).flatMap((key) => [key, reportKey(key)]),
      payload: { folder, workingKey, processedKey, maskKey, styles, keys },
      timedOut: () => new AppError(504, 'timeout', MORE_STYLES_FAILED, 'Generation Failed'),
      failed: () => new AppError(500, 'generation_failed', MORE_STYLES_FAILED, 'Generation Failed'),
      record: async (tx, outcome) => ({
        rows: await insertVariations(
          tx,
          outcome.variations.map((v) => ({ uploadId: id, ...variationRow(v) })),
        ),
        used: cost,
      }),
      answer: async ({ rows }) => ({
        variations: orderedVariations(rows),
        creditsUsed: cost,
        creditsRemaining: (await balanceOf(db, owner.accountId)) ?? 0,
      }),
    },
  );
}
