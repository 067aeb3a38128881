import {
  Brush,
  FlipHorizontal2,
  MousePointerClick,
  SquareDashed,
  SquareDashedMousePointer,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { BRUSH_SIZES } from './SelectionLayer';
import type { SelectTool } from './selection-state';

export const TOOL_KEYS: Record<SelectTool, string> = { point: 'C', box: 'R', brush: 'B' };
const TOOL_ICONS: Record<SelectTool, typeof Brush> = {
  point: MousePointerClick,
  box: SquareDashed,
  brush: Brush,
};

function ToolButton(props: {
  label: string;
  shortcut: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={props.pressed}
      aria-keyshortcuts={props.shortcut}
      title={`${props.label} (${props.shortcut})`}
      disabled={props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
      className={cn('h-8 px-2', props.pressed && 'bg-sky-500/15 text-sky-700 dark:text-sky-300')}
    >
      {props.children}
      <span className="max-sm:sr-only">{props.label}</span>
    </Button>
  );
}

/** The Select tool: pick how to select, invert or clear; says that edits now go there. */
export function SelectionToolbar({
  tool,
  hasSelection,
  canInvert,
  paintable,
  brush,
  disabled,
  onTool,
  onBrush,
  onInvert,
  onClear,
}: {
  tool: SelectTool | null;
  hasSelection: boolean;
  canInvert: boolean;
  /** A guest cannot send a painted mask: no brush, no invert. */
  paintable: boolean;
  brush: number;
  disabled: boolean;
  onTool(tool: SelectTool | null): void;
  onBrush(size: number): void;
  onInvert(): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const open = tool !== null || hasSelection;
  return (
    <div
      role="toolbar"
      aria-label={t('editor.selection.toolbar')}
      className="flex flex-wrap items-center gap-1 rounded-xl border bg-card px-1.5 py-1 shadow-sm"
    >
      <ToolButton
        label={t('editor.selection.select')}
        shortcut="S"
        pressed={tool !== null}
        disabled={disabled}
        onClick={() => onTool(tool ? null : 'point')}
        testId="select-tool"
      >
        <SquareDashedMousePointer />
      </ToolButton>
      {open && (
        <>
          <span className="mx-0.5 h-5 w-px bg-border" aria-hidden />
          {(paintable ? (['point', 'box', 'brush'] as const) : (['point', 'box'] as const)).map(
            (kind) => {
              const Icon = TOOL_ICONS[kind];
              return (
                <ToolButton
                  key={kind}
                  label={t(`editor.selection.tools.${kind}`)}
                  shortcut={TOOL_KEYS[kind]}
                  pressed={tool === kind}
                  disabled={disabled}
                  onClick={() => onTool(tool === kind ? null : kind)}
                  testId={`select-tool-${kind}`}
                >
                  <Icon />
                </ToolButton>
              );
            },
          )}
          {tool === 'brush' && (
            <span
              className="flex items-center gap-0.5"
              role="group"
              aria-label={t('editor.selection.brushSize')}
            >
              {Object.entries(BRUSH_SIZES).map(([name, size]) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={brush === size}
                  title={t(`editor.selection.brushSizes.${name}`)}
                  aria-label={t(`editor.selection.brushSizes.${name}`)}
                  onClick={() => onBrush(size)}
                  className={cn(
                    'grid size-8 cursor-pointer place-items-center rounded-md hover:bg-muted',
                    brush === size && 'bg-sky-500/15',
                  )}
                >
                  <span
                    className="rounded-full bg-current"
                    style={{ width: size * 2.5, height: size * 2.5 }}
                  />
                </button>
              ))}
            </span>
          )}
          {paintable && (
            <ToolButton
              label={t('editor.selection.invert')}
              shortcut="I"
              disabled={disabled || !canInvert}
              onClick={onInvert}
              testId="select-invert"
            >
              <FlipHorizontal2 />
            </ToolButton>
          )}
          <ToolButton
            label={t('editor.selection.clear')}
            shortcut="Esc"
            disabled={disabled || !hasSelection}
            onClick={onClear}
            testId="select-clear"
          >
            <X />
          </ToolButton>
        </>
      )}
      <p
        data-testid="selection-hint"
        aria-live="polite"
        className="min-w-0 flex-1 basis-full px-1.5 text-xs text-muted-foreground sm:min-w-[16rem] sm:basis-auto lg:line-clamp-2"
      >
        {hasSelection
          ? t('editor.selection.applies')
          : tool
            ? t(`editor.selection.how.${tool}`)
            : t('editor.selection.intro')}
      </p>
    </div>
  );
}
