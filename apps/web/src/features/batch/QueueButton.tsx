import { ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { showQueue } from './queue-sheet-store';
import { QueueSheet } from './QueueSheet';
import { useQueue } from './use-queue';

/**
 * The top bar's queue: a count of what waits or runs (single edits and batches), and the panel
 * that lists them. Loaded beside the first screen, like the project controls.
 */
export function QueueButton() {
  const { t } = useTranslation();
  const queue = useQueue();
  const active =
    (queue.data?.jobs.length ?? 0) +
    (queue.data?.batches.filter((b) => b.status === 'running').length ?? 0);
  const label =
    active > 0 ? t('batch.panel.buttonActive', { count: active }) : t('batch.panel.title');
  return (
    <>
      <button
        type="button"
        onClick={showQueue}
        aria-label={label}
        title={label}
        data-testid="queue-button"
        className="relative grid size-10 cursor-pointer place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <ListTodo className="size-5" />
        {active > 0 && (
          <span
            aria-hidden
            className={cn(
              'absolute right-1 top-1 grid min-w-4 place-items-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-4 text-primary-foreground',
            )}
          >
            {active}
          </span>
        )}
      </button>
      <QueueSheet />
    </>
  );
}
