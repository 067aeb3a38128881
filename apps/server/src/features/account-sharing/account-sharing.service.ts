import type { ShareAccountRequest } from '@image-lab/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import { findUserByEmail } from '../auth/auth.repository.ts';
import { requireOwnAccount, requireUser } from '../auth/session.ts';
import {
  deleteShare,
  endSwitchedSessions,
  findShare,
  setActingAccount,
  upsertShare,
} from './account-sharing.repository.ts';

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
  await upsertShare(app.database.db, {
    ownerId: user.id,
    granteeEmail: email,
    // Only a proven address gets access at once; otherwise it waits for verification.
    granteeId: grantee?.emailVerifiedAt ? grantee.id : null,
    permissions: input.permissions,
  });
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
  if (removed.granteeId) await endSwitchedSessions(app.database.db, user.id, removed.granteeId);
}

export async function switchInto(app: FastifyInstance, request: FastifyRequest, ownerId: string) {
  const user = requireUser(request);
  if (ownerId === user.id) {
    await setActingAccount(app.database.db, request.sessionHash!, null);
    return;
  }
  const share = await findShare(app.database.db, ownerId, user.id);
  if (!share) throw notFound('No account with this id is shared with you');
  await setActingAccount(app.database.db, request.sessionHash!, ownerId);
}

export async function switchBack(app: FastifyInstance, request: FastifyRequest) {
  requireUser(request);
  await setActingAccount(app.database.db, request.sessionHash!, null);
}
