import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { isUnauthorizedError } from './queryClient';

export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * A 401 from any call but the current-user read means the session ended: say so, then send the
 * browser to the sign-in endpoint. Returns whether the error was handled.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: i18n.t('toast.loggedOut.title'),
    description: i18n.t('toast.loggedOut.description'),
    variant: 'destructive',
  });
  setTimeout(() => window.location.assign('/login'), LOGIN_REDIRECT_DELAY_MS);
  return true;
}
