import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown on every payment screen while the server takes no real payments. */
export function TestModeNotice({ onFill }: { onFill?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="test-mode-notice"
      className="flex items-start gap-3 rounded-xl border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <span className="mr-2 rounded bg-amber-700 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide text-white">
            {t('billing.testMode.badge')}
          </span>
          {t('billing.testMode.title')}
        </p>
        <p className="mt-1">{t('billing.testMode.body')}</p>
        {onFill && (
          <button
            type="button"
            onClick={onFill}
            className="mt-2 cursor-pointer rounded-md border border-amber-500/60 px-2 py-1 text-xs font-medium hover:bg-amber-500/10"
          >
            {t('billing.testMode.fill')}
          </button>
        )}
      </div>
    </div>
  );
}
