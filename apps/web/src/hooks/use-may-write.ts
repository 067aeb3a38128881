import { useCurrentUser } from './use-current-user';

/**
 * False while the person views a shared account with read-only access: screens hide or disable
 * what would change it (the server refuses it anyway, with 403 read_only_access).
 */
export function useMayWrite(): boolean {
  return useCurrentUser().user?.viewing?.permissions !== 'read';
}
