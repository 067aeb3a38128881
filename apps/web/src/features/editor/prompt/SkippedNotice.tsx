import { Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** After a partly done prompt: which parts the engine could not do. Gentle, not an error. */
export function SkippedNotice({ parts, onClose }: { parts: string[]; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="skipped-notice"
      className="absolute inset-x-3 bottom-3 z-[6] flex items-start gap-3 rounded-xl border border-sky-500/30 bg-sky-50/95 px-4 py-3 text-sm text-sky-950 shadow-lg backdrop-blur dark:bg-sky-950/90 dark:text-sky-100"
    >
      <Info className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{t('editor.skipped.title')}</span>{' '}
        {t('editor.skipped.body', { parts: parts.join(', ') })}
      </p>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('editor.skipped.close')}
        className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-md opacity-70 hover:opacity-100"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
