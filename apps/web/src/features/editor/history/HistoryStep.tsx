import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { EditorImage } from '@/components/EditorImage';
import type { HistoryRecord } from './history-tree';

/** One step of the branch; "‹ 2/3 ›" switches to the other edits made from the same step. */
export function HistoryStep({
  record,
  number,
  text,
  current,
  siblings,
  disabled,
  onSelect,
}: {
  record: HistoryRecord;
  number: number;
  text: string;
  current: boolean;
  siblings: HistoryRecord[];
  disabled: boolean;
  onSelect(record: HistoryRecord): void;
}) {
  const { t } = useTranslation();
  const at = siblings.findIndex((s) => s.id === record.id);
  const sibling = (delta: number) => siblings[(at + delta + siblings.length) % siblings.length]!;
  return (
    <li
      data-step={number}
      aria-current={current ? 'step' : undefined}
      className={cn(
        'group relative flex w-28 shrink-0 flex-col gap-1.5 rounded-xl border p-1.5 transition-colors lg:w-auto lg:flex-row lg:items-center lg:gap-3',
        current ? 'border-primary bg-primary/5' : 'border-transparent hover:bg-muted',
      )}
    >
      <button
        type="button"
        disabled={disabled}
        onClick={() => onSelect(record)}
        aria-label={t('editor.history.stepLabel', { n: number, text })}
        className="absolute inset-0 cursor-pointer rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default"
      />
      <div className="pointer-events-none relative aspect-square w-full shrink-0 overflow-hidden rounded-lg bg-muted lg:size-14">
        <EditorImage
          key={record.imageUrl}
          url={record.imageUrl}
          sizes="112px"
          widths={[320]}
          alt=""
          className="size-full object-cover"
        />
        <span className="absolute left-1 top-1 rounded bg-black/60 px-1 text-[10px] font-semibold tabular-nums text-white">
          {number}
        </span>
      </div>
      <div className="pointer-events-none min-w-0 flex-1">
        <p
          className={cn('line-clamp-2 text-xs', current ? 'font-medium' : 'text-muted-foreground')}
        >
          {text}
        </p>
        {siblings.length > 1 && (
          <div className="pointer-events-auto relative mt-1 inline-flex items-center rounded-md border bg-card text-[10px] tabular-nums text-muted-foreground">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSelect(sibling(-1))}
              aria-label={t('editor.history.previousVersion')}
              className="grid size-5 cursor-pointer place-items-center hover:text-foreground"
            >
              <ChevronLeft className="size-3" />
            </button>
            <span aria-label={t('editor.history.version', { x: at + 1, y: siblings.length })}>
              {at + 1}/{siblings.length}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSelect(sibling(1))}
              aria-label={t('editor.history.nextVersion')}
              className="grid size-5 cursor-pointer place-items-center hover:text-foreground"
            >
              <ChevronRight className="size-3" />
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
