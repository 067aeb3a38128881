import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { isUnauthorizedError } from './api';

export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * A 401 while signed in means the session ended: say so, then go to the sign-in screen. For
 * visitors a 401 is an ordinary answer (a wrong password, a wrong code) and is left to the screen.
 * Returns whether the error was handled.
 */
export function handleUnauthorized(error: unknown, wasSignedIn: boolean): boolean {
  if (!wasSignedIn || !isUnauthorizedError(error)) return false;
  toast({
    title: i18n.t('toast.loggedOut.title'),
    description: i18n.t('toast.loggedOut.description'),
    variant: 'destructive',
  });
  setTimeout(() => window.location.assign('/login'), LOGIN_REDIRECT_DELAY_MS);
  return true;
}
