import i18next from 'i18next';
import type { ErrorCode } from '@image-lab/contract/error-codes';
import { toast } from '@/hooks/use-toast';
import { failureOf, serverMessage } from './api-error';

/** Refusals of a shared account (server `requireWrite` / `requireOwnAccount`), worded here. */
const PERMISSION_CODES = new Set<ErrorCode>(['read_only_access', 'own_account_only']);

/** Why a shared account's viewer may not do this, in the person's language; else undefined. */
export function permissionRefusal(error: unknown): string | undefined {
  const { code } = failureOf(error);
  return code && PERMISSION_CODES.has(code) ? i18next.t(`errors.permission.${code}`) : undefined;
}

/** The error toast of the catalogue: a title, and the server's message or a fallback. */
export function toastError(title: string, error: unknown, fallback?: string) {
  toast({
    title,
    description: permissionRefusal(error) ?? serverMessage(error) ?? fallback,
    variant: 'destructive',
  });
}
