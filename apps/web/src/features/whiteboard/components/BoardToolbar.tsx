import {
  Download,
  Grid3x3,
  Hand,
  ImagePlus,
  Magnet,
  Maximize,
  MousePointer2,
  Redo2,
  Undo2,
  Upload,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

function ToolButton({
  label,
  onClick,
  pressed,
  disabled,
  children,
  testId,
}: {
  label: string;
  onClick(): void;
  pressed?: boolean;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
        className={cn(
          'grid size-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4',
          pressed && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

const Divider = () => <span aria-hidden className="mx-0.5 h-6 w-px shrink-0 bg-border" />;

export interface ToolbarState {
  editing: boolean;
  showGrid: boolean;
  snapping: boolean;
  scale: number;
  canUndo: boolean;
  canRedo: boolean;
  canExport: boolean;
  readOnly: boolean;
}

export interface ToolbarActions {
  setEditing(editing: boolean): void;
  zoomIn(): void;
  zoomOut(): void;
  resetView(): void;
  toggleGrid(): void;
  toggleSnap(): void;
  undo(): void;
  redo(): void;
  add(): void;
  upload(): void;
  exportPng(): void;
}

/** The board's tools: mode, zoom, grid and snapping, undo/redo, adding and exporting. */
export function BoardToolbar({ state, actions }: { state: ToolbarState; actions: ToolbarActions }) {
  const { t } = useTranslation();
  const percent = Math.round(state.scale * 100);
  return (
    <div
      role="toolbar"
      aria-label={t('whiteboard.toolbar.label')}
      className="flex max-w-full flex-wrap items-center gap-0.5 rounded-xl border bg-card/95 p-1 shadow-sm backdrop-blur"
    >
      <ToolButton
        label={t('whiteboard.toolbar.edit')}
        pressed={state.editing}
        disabled={state.readOnly}
        onClick={() => actions.setEditing(true)}
      >
        <MousePointer2 />
      </ToolButton>
      <ToolButton
        label={t('whiteboard.toolbar.pan')}
        pressed={!state.editing}
        onClick={() => actions.setEditing(false)}
      >
        <Hand />
      </ToolButton>
      <Divider />
      <ToolButton label={t('whiteboard.toolbar.zoomOut')} onClick={actions.zoomOut}>
        <ZoomOut />
      </ToolButton>
      <span
        data-testid="zoom-level"
        aria-label={t('whiteboard.toolbar.zoomLevel', { percent })}
        className="w-12 shrink-0 text-center text-xs font-medium tabular-nums text-muted-foreground"
      >
        {percent}%
      </span>
      <ToolButton label={t('whiteboard.toolbar.zoomIn')} onClick={actions.zoomIn}>
        <ZoomIn />
      </ToolButton>
      <ToolButton label={t('whiteboard.toolbar.resetView')} onClick={actions.resetView}>
        <Maximize />
      </ToolButton>
      <Divider />
      <ToolButton
        label={t('whiteboard.toolbar.grid')}
        pressed={state.showGrid}
        onClick={actions.toggleGrid}
      >
        <Grid3x3 />
      </ToolButton>
      <ToolButton
        label={t('whiteboard.toolbar.snap')}
        pressed={state.snapping}
        disabled={state.readOnly}
        onClick={actions.toggleSnap}
      >
        <Magnet />
      </ToolButton>
      <Divider />
      <ToolButton
        label={t('whiteboard.toolbar.undo')}
        disabled={!state.canUndo || state.readOnly}
        onClick={actions.undo}
      >
        <Undo2 />
      </ToolButton>
      <ToolButton
        label={t('whiteboard.toolbar.redo')}
        disabled={!state.canRedo || state.readOnly}
        onClick={actions.redo}
      >
        <Redo2 />
      </ToolButton>
      <Divider />
      <ToolButton
        label={t('whiteboard.toolbar.add')}
        disabled={state.readOnly}
        onClick={actions.add}
      >
        <ImagePlus />
      </ToolButton>
      <ToolButton
        label={t('whiteboard.toolbar.upload')}
        disabled={state.readOnly}
        onClick={actions.upload}
      >
        <Upload />
      </ToolButton>
      <ToolButton
        label={t('whiteboard.toolbar.export')}
        disabled={!state.canExport}
        onClick={actions.exportPng}
        testId="export-board"
      >
        <Download />
      </ToolButton>
    </div>
  );
}
