import type { ShareAccountRequest } from '@image-lab/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import { announceAccessChange } from '../../platform/events.ts';
import { findUserByEmail } from '../auth/auth.repository.ts';
import { requireOwnAccount, requireUser } from '../../platform/session.ts';
import {
  deleteShare,
  endLinksMadeBy,
  endSwitchedSessions,
  findShareByEmail,
  upsertShare,
} from './account-sharing.repository.ts';
import { findShare, setActingAccount } from '../../platform/session.repository.ts';

export async function shareAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  input: ShareAccountRequest,
) {
  const user = requireOwnAccount(request);
  const email = input.email.toLowerCase();
  if (email === user.email)
    throw new AppError(400, 'share_with_self', 'You cannot share your account with yourself');
  const grantee = await findUserByEmail(app.database.db, email);
  const before = await findShareByEmail(app.database.db, user.id, email);
  const shared = await upsertShare(app.database.db, {
    ownerId: user.id,
    granteeEmail: email,
    // Only a proven address gets access at once; otherwise it waits for verification.
    granteeId: grantee?.emailVerifiedAt ? grantee.id : null,
    permissions: input.permissions,
  });
  if (before?.granteeId && before.permissions !== input.permissions) {
    // A role change reaches the grantee's open screens and streams at once.
    if (input.permissions === 'read') {
      await endLinksMadeBy(app.database.db, user.id, before.granteeId);
    }
    await announceAccessChange(app.events, [before.granteeId, shared.granteeId]);
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  await app.mailer.send({
    to: email,
    subject: `${name} shared their Image Lab account with you`,
    text: `Hi,\n\n${name} (${user.email}) gave you ${input.permissions === 'write' ? 'read and write' : 'read-only'} access to their Image Lab account.\n\n${grantee ? 'Open Account Sharing to switch into it' : 'Create an account with this email address to use it'}: ${app.config.publicUrl}/account-sharing\n\n— Image Lab`,
  });
  return { message: `Account shared with ${email}` };
}

export async function removeShare(app: FastifyInstance, request: FastifyRequest, shareId: string) {
  const user = requireOwnAccount(request);
  const removed = await deleteShare(app.database.db, user.id, shareId);
  if (!removed) throw notFound('Share not found');
  if (removed.granteeId) {
    await endSwitchedSessions(app.database.db, user.id, removed.granteeId);
    await endLinksMadeBy(app.database.db, user.id, removed.granteeId);
    await announceAccessChange(app.events, [removed.granteeId]);
  }
}

export async function switchInto(app: FastifyInstance, request: FastifyRequest, ownerId: string) {
  const user = requireUser(request);
  if (ownerId !== user.id && !(await findShare(app.database.db, ownerId, user.id))) {
    throw notFound('No account with this id is shared with you');
  }
  await setActingAccount(
    app.database.db,
    request.sessionHash!,
    ownerId === user.id ? null : ownerId,
  );
  // The session's other tabs now act on another account: their streams must follow.
  await announceAccessChange(app.events, [user.id]);
}

export async function switchBack(app: FastifyInstance, request: FastifyRequest) {
  const user = requireUser(request);
  await setActingAccount(app.database.db, request.sessionHash!, null);
  await announceAccessChange(app.events, [user.id]);
}
