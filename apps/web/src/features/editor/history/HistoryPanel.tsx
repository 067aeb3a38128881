import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  recentRoots,
  siblingsOf,
  type Branch,
  type HistoryRecord,
  type HistoryTree,
} from './history-tree';
import { HistoryStep } from './HistoryStep';
import { RecentImages } from './RecentImages';
import { useStepText } from './use-step-text';

/** The branch on screen, step by step, and the chains to go back to. */
export function HistoryPanel({
  tree,
  branch,
  disabled,
  onSelect,
}: {
  tree: HistoryTree;
  branch: Branch;
  disabled: boolean;
  onSelect(record: HistoryRecord): void;
}) {
  const { t } = useTranslation();
  const textOf = useStepText();
  const list = useRef<HTMLOListElement>(null);
  const selectedId = branch.steps[branch.index]?.id;

  // Keeps the current step in view inside the list, without scrolling the page.
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!container || !item) return;
    container.scrollTo({
      left: item.offsetLeft - (container.clientWidth - item.clientWidth) / 2,
      top: item.offsetTop - (container.clientHeight - item.clientHeight) / 2,
      behavior: 'smooth',
    });
  }, [selectedId]);

  return (
    <section aria-labelledby="history-title" className="rounded-2xl border bg-card p-3 shadow-sm">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 id="history-title" className="flex items-center gap-2 text-sm font-semibold">
          <History className="size-4 text-muted-foreground" />
          {t('editor.history.title')}
        </h2>
        {branch.steps.length > 0 && (
          <span className="text-xs tabular-nums text-muted-foreground">
            {t('editor.history.position', { x: branch.index + 1, y: branch.steps.length })}
          </span>
        )}
      </div>
      {branch.steps.length === 0 ? (
        <p className="px-1 py-6 text-center text-xs text-muted-foreground">
          {t('editor.history.empty')}
        </p>
      ) : (
        <ol
          ref={list}
          aria-label={t('editor.history.steps')}
          className="relative mt-2 flex gap-1.5 overflow-x-auto pb-1 scrollbar-none lg:max-h-[42vh] lg:flex-col lg:overflow-y-auto lg:overflow-x-visible"
        >
          {branch.steps.map((record, i) => (
            <HistoryStep
              key={record.id}
              record={record}
              number={i + 1}
              text={textOf(record)}
              current={record.id === selectedId}
              siblings={siblingsOf(tree, record.id)}
              disabled={disabled}
              onSelect={onSelect}
            />
          ))}
        </ol>
      )}
      <RecentImages
        roots={recentRoots(tree)}
        currentRootId={branch.steps[0]?.id}
        disabled={disabled}
        onSelect={onSelect}
      />
    </section>
  );
}
