import type { CurrentUser } from '@image-lab/contract';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSwitchAccount } from './api';

/** Shown on every screen while acting on someone else's account. */
export function ViewingBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { back } = useSwitchAccount();
  if (!user.viewing) return null;
  const owner =
    [user.viewing.ownerFirstName, user.viewing.ownerLastName].filter(Boolean).join(' ') ||
    user.viewing.ownerEmail;
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
