import { useTranslation } from 'react-i18next';
import { useMayWrite } from '@/hooks/use-may-write';

/** Says why the tools below do nothing, to a read-only viewer of a shared account. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  if (useMayWrite()) return null;
  return (
    <p
      role="note"
      data-testid="read-only-note"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('errors.permission.read_only_access')}
    </p>
  );
}
