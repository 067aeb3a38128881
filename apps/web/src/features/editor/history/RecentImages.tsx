import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { EditorImage } from '@/components/EditorImage';
import type { HistoryRecord } from './history-tree';

/** The eight newest chains (an upload and its edits), to pick one up again. */
export function RecentImages({
  roots,
  currentRootId,
  disabled,
  onSelect,
}: {
  roots: HistoryRecord[];
  currentRootId: string | undefined;
  disabled: boolean;
  onSelect(record: HistoryRecord): void;
}) {
  const { t } = useTranslation();
  if (roots.length === 0) return null;
  return (
    <div className="mt-3 border-t pt-3">
      <h3 className="px-1 text-xs font-medium text-muted-foreground">
        {t('editor.history.recent')}
      </h3>
      <ul className="mt-2 grid grid-cols-8 gap-1.5 lg:grid-cols-4">
        {roots.map((root) => (
          <li key={root.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSelect(root)}
              aria-label={t('editor.history.openChain')}
              aria-current={root.id === currentRootId ? 'true' : undefined}
              className={cn(
                'block aspect-square w-full cursor-pointer overflow-hidden rounded-lg bg-muted outline-none ring-offset-2 ring-offset-card focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
                root.id === currentRootId && 'ring-2 ring-primary',
              )}
            >
              <EditorImage
                key={root.imageUrl}
                url={root.imageUrl}
                sizes="64px"
                widths={[320]}
                alt=""
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
