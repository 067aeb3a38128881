import { ImagePlus, Info, MousePointerClick, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const HINTS = ['drop', 'rightClick', 'multiSelect', 'rectangle'] as const;

function HintList({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className} data-testid="board-hints">
      {HINTS.map((hint) => (
        <li key={hint} className="flex items-start gap-2">
          <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
          {t(`whiteboard.hints.${hint}`)}
        </li>
      ))}
    </ul>
  );
}

/** The empty board: what to do first, and the spec's hints (working areas §2). */
export function EmptyBoard({
  onAdd,
  onUpload,
  readOnly,
}: {
  onAdd(): void;
  onUpload(): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-0 grid place-items-center p-4">
      <div className="pointer-events-auto w-full max-w-sm rounded-2xl border bg-card/95 p-5 text-center shadow-lg backdrop-blur sm:p-6">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-primary/10 text-primary">
          <ImagePlus className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold tracking-tight">{t('whiteboard.empty.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('whiteboard.empty.body')}</p>
        {!readOnly && (
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Button size="sm" onClick={onAdd}>
              <ImagePlus />
              {t('whiteboard.toolbar.add')}
            </Button>
            <Button size="sm" variant="outline" onClick={onUpload}>
              <Upload />
              {t('whiteboard.toolbar.upload')}
            </Button>
          </div>
        )}
        <HintList className="mt-5 grid gap-1.5 text-left text-xs text-muted-foreground" />
      </div>
    </div>
  );
}

const HINTS_KEY = 'whiteboard-hints';

/** Open unless closed before; on a phone they start closed, as they would cover the board. */
function hintsWanted() {
  try {
    const choice = localStorage.getItem(HINTS_KEY);
    return choice ? choice === 'shown' : window.innerWidth >= 640;
  } catch {
    return true;
  }
}

/** The hints once the board has images: a small card; closing it is remembered. */
export function HintsCorner() {
  const { t } = useTranslation();
  const [open, setOpenState] = useState(hintsWanted);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    try {
      localStorage.setItem(HINTS_KEY, next ? 'shown' : 'hidden');
    } catch {
      // Private mode: the choice holds for this visit.
    }
  };
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('whiteboard.hints.show')}
        className="absolute bottom-3 left-3 grid size-9 cursor-pointer place-items-center rounded-full border bg-card/95 text-muted-foreground shadow-sm backdrop-blur hover:text-foreground"
      >
        <Info className="size-4" />
      </button>
    );
  }
  return (
    <div className="absolute bottom-3 left-3 max-w-[calc(100%-1.5rem)] rounded-xl border bg-card/95 p-3 pr-9 text-xs text-muted-foreground shadow-md backdrop-blur">
      <p className="mb-1.5 flex items-center gap-1.5 font-medium text-foreground">
        <MousePointerClick className="size-3.5" />
        {t('whiteboard.hints.title')}
      </p>
      <HintList className="grid gap-1" />
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-label={t('whiteboard.hints.hide')}
        className="absolute right-1.5 top-1.5 grid size-7 cursor-pointer place-items-center rounded-md hover:bg-muted hover:text-foreground"
      >
        <X className="size-3.5" />
      </button>
    </div>
  );
}
