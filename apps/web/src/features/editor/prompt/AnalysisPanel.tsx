import type { ImageAnalysis } from '@image-lab/contract';
import { Lightbulb, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

function Chips({ prompts, onUse }: { prompts: string[]; onUse(prompt: string): void }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {prompts.map((prompt) => (
        <button
          key={prompt}
          type="button"
          onClick={() => onUse(prompt)}
          className="cursor-pointer rounded-full border bg-background px-3 py-1 text-left text-xs transition-colors hover:border-primary/50 hover:bg-primary/10 hover:text-primary"
        >
          {prompt}
        </button>
      ))}
    </div>
  );
}

/** What analysis saw in the image, with its suggestions as one-click prompts. */
export function AnalysisPanel({
  analysis,
  asked,
  onUse,
  onClose,
}: {
  analysis: ImageAnalysis;
  /** Grows with each analysis the person asked for: each one is brought into view. */
  asked: number;
  onUse(prompt: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const categoryPrompts = analysis.categoryPrompts.filter((p) => !analysis.suggestions.includes(p));
  const panel = useRef<HTMLElement>(null);
  const category = t(`editor.analysis.categories.${analysis.category}`, {
    defaultValue: analysis.category,
  });
  // It opens below the prompt, often under the fold: bring each answer asked for into view.
  useEffect(() => {
    if (asked === 0) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [asked]);
  return (
    <section
      ref={panel}
      aria-label={t('editor.analysis.title')}
      data-testid="analysis-panel"
      className="scroll-mt-20 scroll-mb-4 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-amber-500/15 text-amber-600 dark:text-amber-300">
          <Lightbulb className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold">{t('editor.analysis.title')}</h2>
            {analysis.category && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                {category}
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{analysis.analysis}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('editor.analysis.close')}
          className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" />
        </button>
      </div>
      {analysis.suggestions.length > 0 && (
        <div className="mt-3">
          <h3 className="mb-1.5 text-xs font-medium text-muted-foreground">
            {t('editor.analysis.suggestions')}
          </h3>
          <Chips prompts={analysis.suggestions} onUse={onUse} />
        </div>
      )}
      {categoryPrompts.length > 0 && (
        <div className="mt-3">
          <h3 className="mb-1.5 text-xs font-medium text-muted-foreground">
            {t('editor.analysis.forCategory', { category })}
          </h3>
          <Chips prompts={categoryPrompts} onUse={onUse} />
        </div>
      )}
    </section>
  );
}
