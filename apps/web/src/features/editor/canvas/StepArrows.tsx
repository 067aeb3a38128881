import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const arrowClass =
  'absolute top-1/2 z-[5] grid size-10 -translate-y-1/2 cursor-pointer place-items-center rounded-full border bg-card/85 text-foreground shadow-md backdrop-blur transition-opacity hover:bg-card focus-visible:opacity-100 lg:opacity-0 lg:group-hover/stage:opacity-100';

/** Previous and next step of the history at the canvas edges (the arrow keys do the same). */
export function StepArrows({
  canGoBack,
  canGoForward,
  onStep,
}: {
  canGoBack: boolean;
  canGoForward: boolean;
  onStep(delta: -1 | 1): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {canGoBack && (
        <button
          type="button"
          onClick={() => onStep(-1)}
          aria-label={t('editor.history.previous')}
          className={`${arrowClass} left-3`}
        >
          <ChevronLeft className="size-5" />
        </button>
      )}
      {canGoForward && (
        <button
          type="button"
          onClick={() => onStep(1)}
          aria-label={t('editor.history.next')}
          className={`${arrowClass} right-3`}
        >
          <ChevronRight className="size-5" />
        </button>
      )}
    </>
  );
}
