import type { CurrentUser } from '@image-lab/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { useAccountEvent } from '@/lib/live/account-events';
import { toast } from '@/hooks/use-toast';
import { useSwitchAccount } from './api';

type Viewing = NonNullable<CurrentUser['viewing']>;
const ownerName = (viewing: Viewing) =>
  [viewing.ownerFirstName, viewing.ownerLastName].filter(Boolean).join(' ') || viewing.ownerEmail;

/**
 * When the owner removes the share or changes its role, the server ends this screen's event
 * stream with `access-changed`: every screen reloads what it shows as whoever the person now is,
 * so the banner goes (or changes) at once and nothing of the owner's stays on screen.
 */
function useAccessChanges(viewing: Viewing | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useAccountEvent(
    'access-changed',
    () => {
      if (!viewing) return;
      void queryClient.invalidateQueries();
      void queryClient
        .fetchQuery<CurrentUser | null>({ queryKey: CURRENT_USER_KEY })
        .then((now) => {
          const owner = ownerName(viewing);
          if (now?.viewing?.ownerId === viewing.ownerId) {
            const role = now.viewing.permissions === 'write' ? 'readWrite' : 'readOnly';
            toast({ title: t('sharing.accessChanged', { owner, role: t(`sharing.${role}`) }) });
          } else {
            toast({ title: t('sharing.accessEnded', { owner }), variant: 'destructive' });
          }
        });
    },
    Boolean(viewing),
  );
}

/** Shown on every screen while acting on someone else's account. */
export function ViewingBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { back } = useSwitchAccount();
  useAccessChanges(user.viewing ?? null);
  if (!user.viewing) return null;
  const owner = ownerName(user.viewing);
  return (
    <div
      role="status"
      data-testid="viewing-banner"
      className="border-b bg-amber-100 text-amber-950 dark:bg-amber-900/40 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <Eye className="size-4" />
        <span>
          {t(user.viewing.permissions === 'write' ? 'sharing.bannerWrite' : 'sharing.bannerRead', {
            owner,
          })}
        </span>
        <button
          type="button"
          className="cursor-pointer font-semibold underline"
          onClick={() => back.mutate()}
        >
          {t('sharing.switchBack')}
        </button>
      </div>
    </div>
  );
}
