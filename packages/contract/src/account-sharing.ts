import { z } from 'zod';
import { Email } from './auth.ts';

export const SharePermission = z.enum(['read', 'write']);
export type SharePermission = z.infer<typeof SharePermission>;

export const ShareAccountRequest = z.object({
  email: Email,
  permissions: SharePermission.default('read'),
});
export type ShareAccountRequest = z.infer<typeof ShareAccountRequest>;

/** A share I gave (foundations §3). */
export const AccountShareGiven = z.object({
  id: z.string(),
  sharedWithFirstName: z.string().nullable(),
  sharedWithLastName: z.string().nullable(),
  sharedWithEmail: z.string(),
  permissions: SharePermission,
});
export type AccountShareGiven = z.infer<typeof AccountShareGiven>;

/** An account shared with me. */
export const AccountShareReceived = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  ownerEmail: z.string(),
  permissions: SharePermission,
});
export type AccountShareReceived = z.infer<typeof AccountShareReceived>;

export const SwitchAccountRequest = z.object({ ownerId: z.uuid('Unknown account') });
export const SwitchAccountResponse = z.object({ message: z.string(), ownerId: z.string() });

/** Which account the signed-in person is acting on, part of the current user. */
export const ViewingAccount = z.object({
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  permissions: SharePermission,
});
export type ViewingAccount = z.infer<typeof ViewingAccount>;
