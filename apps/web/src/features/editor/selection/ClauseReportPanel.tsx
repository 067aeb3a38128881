import { CircleCheck, CircleSlash, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { wordClause } from './clause-wording';
import type { StoredReport } from './report-store';

/**
 * Under a result: per clause of its prompt, done (and how) or not done (why, and what would do
 * it). Credits count as used only when something was done.
 */
export function ClauseReportPanel({
  report,
  actions,
  onClose,
}: {
  report: StoredReport;
  /** The change-map toggle, when the result has a parent to compare with. */
  actions?: ReactNode;
  onClose?(): void;
}) {
  const { t } = useTranslation();
  const lines = report.clauses.map((clause) => wordClause(t, clause));
  const anythingDone = lines.some((line) => line.done);
  return (
    <section
      data-testid="clause-report"
      aria-labelledby="clause-report-title"
      className="rounded-2xl border bg-card px-4 py-3 text-sm shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="clause-report-title" className="min-w-[8rem] flex-1 font-semibold">
          {anythingDone ? t('editor.report.title') : t('editor.report.titleNothing')}
        </h2>
        {actions}
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('editor.report.close')}
            title={t('editor.report.close')}
            className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      <ul className="mt-2 grid gap-2">
        {lines.map((line, index) => (
          <li key={index} data-done={line.done} className="flex items-start gap-2.5">
            {line.done ? (
              <CircleCheck
                aria-label={t('editor.report.done')}
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
            ) : (
              <CircleSlash
                aria-label={t('editor.report.notDone')}
                className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="break-words">
                <q className="text-muted-foreground">{line.quote}</q>
                <span aria-hidden> → </span>
                {line.swatch && (
                  <span
                    aria-hidden
                    className="mr-1.5 inline-block size-3 rounded-full border align-[-1px]"
                    style={{ background: line.swatch }}
                  />
                )}
                <span className={cn(!line.done && 'font-medium')}>{line.outcome}</span>
              </p>
              {line.hint && <p className="text-xs text-muted-foreground">{line.hint}</p>}
            </div>
          </li>
        ))}
      </ul>
      <p data-testid="clause-report-credits" className="mt-2 text-xs text-muted-foreground">
        {anythingDone && report.creditsUsed > 0
          ? t('editor.report.charged', { count: report.creditsUsed })
          : !anythingDone
            ? t('editor.report.notCharged')
            : null}
      </p>
    </section>
  );
}
