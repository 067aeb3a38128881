import { Columns2, Crop, Eraser, ImagePlus, LayoutGrid, Maximize2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type { DownloadFormat } from '@/lib/images/image-urls';
import { DownloadMenu } from './DownloadMenu';

export interface ToolbarState {
  hasImage: boolean;
  position: { index: number; total: number };
  canCompare: boolean;
  comparing: boolean;
  batchSize: number;
  showingGrid: boolean;
  busy: boolean;
}

export interface ToolbarActions {
  onToggleCompare(): void;
  onToggleGrid(): void;
  onCrop(): void;
  onFullscreen(): void;
  onDownload(format: DownloadFormat): void;
  onUpload(): void;
  onClear(): void;
}

function IconButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        className={cn(pressed && 'bg-primary/10 text-primary hover:bg-primary/15')}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Title, place in the history, and what can be done with the image on the canvas. */
export function CanvasToolbar({
  state,
  actions,
}: {
  state: ToolbarState;
  actions: ToolbarActions;
}) {
  const { t } = useTranslation();
  const { index, total } = state.position;
  const separator = <span className="mx-1 h-6 w-px bg-border max-sm:hidden" aria-hidden />;
  const compareLabel = state.comparing
    ? t('editor.compare.showCurrent')
    : t('editor.compare.start');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <h1 className="text-xl font-bold tracking-tight">{t('screens.editor')}</h1>
      <span
        data-testid="history-position"
        className={cn(
          'rounded-full border px-2.5 py-0.5 text-xs font-medium tabular-nums text-muted-foreground',
          total === 0 && 'invisible',
        )}
      >
        {t('editor.history.position', { x: index + 1, y: total })}
      </span>
      <div className="ml-auto flex items-center gap-0.5 max-sm:w-full max-sm:justify-between">
        <Tooltip content={state.canCompare ? compareLabel : t('editor.compare.needsOriginal')}>
          <span>
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={state.comparing}
              disabled={!state.canCompare || state.busy}
              onClick={actions.onToggleCompare}
              className={cn('h-10', state.comparing && 'bg-primary/10 text-primary')}
            >
              <Columns2 />
              <span className="hidden sm:inline">{compareLabel}</span>
              <span className="sr-only sm:hidden">{compareLabel}</span>
            </Button>
          </span>
        </Tooltip>
        {state.batchSize > 1 && (
          <IconButton
            label={t('editor.grid.showAll', { count: state.batchSize })}
            pressed={state.showingGrid}
            disabled={state.busy}
            onClick={actions.onToggleGrid}
          >
            <LayoutGrid />
          </IconButton>
        )}
        <IconButton
          label={t('editor.crop.start')}
          disabled={!state.hasImage || state.busy}
          onClick={actions.onCrop}
        >
          <Crop />
        </IconButton>
        <IconButton
          label={t('editor.slideshow.open')}
          disabled={!state.hasImage}
          onClick={actions.onFullscreen}
        >
          <Maximize2 />
        </IconButton>
        <DownloadMenu disabled={!state.hasImage} onDownload={actions.onDownload} />
        {separator}
        <IconButton
          label={t('editor.canvas.upload')}
          disabled={state.busy}
          onClick={actions.onUpload}
        >
          <ImagePlus />
        </IconButton>
        <IconButton
          label={t('editor.canvas.clear')}
          disabled={!state.hasImage || state.busy}
          onClick={actions.onClear}
        >
          <Eraser />
        </IconButton>
      </div>
    </div>
  );
}
