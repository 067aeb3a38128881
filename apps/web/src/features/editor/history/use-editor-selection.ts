import type { EditedImageRecord } from '@image-lab/contract';
import { useMemo, useState } from 'react';
import { SELECTED_KEY, TIP_KEY } from '@/lib/editor-selection-keys';
import {
  buildHistoryTree,
  currentBranch,
  findRecord,
  latestTip,
  newestRecord,
} from './history-tree';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the selection still holds for this visit.
  }
}

/**
 * Which image the editor shows and which branch of its edit tree is in view. With nothing stored
 * (a fresh device) the newest image opens, so every device shows the same history.
 */
export function useEditorSelection(records: readonly EditedImageRecord[] | undefined) {
  const [selectedKey, setSelectedKey] = useState(() => read(SELECTED_KEY));
  const [tipId, setTipId] = useState(() => read(TIP_KEY));
  const tree = useMemo(() => buildHistoryTree(records ?? []), [records]);

  const selected =
    selectedKey === ''
      ? undefined
      : (findRecord(tree, selectedKey) ?? (records ? newestRecord(records) : undefined));
  const branch = currentBranch(tree, selected?.id, tipId);

  /** Shows an image; its branch stays in view if it is on it, else its newest branch does. */
  const select = (record: EditedImageRecord, tip?: string) => {
    const onBranch = branch.steps.some((s) => s.id === record.id);
    const nextTip = tip ?? (onBranch && tipId ? tipId : latestTip(tree, record.id));
    setSelectedKey(record.imageUrl);
    setTipId(nextTip);
    write(SELECTED_KEY, record.imageUrl);
    write(TIP_KEY, nextTip);
  };

  /** Moves along the branch on screen; false at either end. */
  const step = (delta: -1 | 1) => {
    const target = branch.steps[branch.index + delta];
    if (!target) return false;
    select(target);
    return true;
  };

  const clear = () => {
    setSelectedKey('');
    write(SELECTED_KEY, '');
  };

  return { tree, selected, branch, select, step, clear };
}
