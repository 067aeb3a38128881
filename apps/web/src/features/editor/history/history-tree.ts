import type { EditedImageRecord } from '@image-lab/contract';

export type HistoryRecord = EditedImageRecord;

export interface HistoryTree {
  byId: Map<string, HistoryRecord>;
  /** Children of each image, oldest first; a batch keeps one stable order. */
  children: Map<string, HistoryRecord[]>;
  /** Images that begin a chain (uploads, or results whose parent is gone), newest first. */
  roots: HistoryRecord[];
}

/** Oldest first; records made together keep one stable order (by id). */
export const byAge = (a: HistoryRecord, b: HistoryRecord) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1;

/** The edit tree of `GET /api/edited-images`, linked by parentId. */
export function buildHistoryTree(records: readonly HistoryRecord[]): HistoryTree {
  const byId = new Map(records.map((r) => [r.id, r]));
  const children = new Map<string, HistoryRecord[]>();
  const roots: HistoryRecord[] = [];
  for (const record of records) {
    const parentId = record.parentId;
    if (parentId && parentId !== record.id && byId.has(parentId)) {
      const list = children.get(parentId) ?? [];
      list.push(record);
      children.set(parentId, list);
    } else {
      roots.push(record);
    }
  }
  children.forEach((list) => list.sort(byAge));
  roots.sort((a, b) => byAge(b, a));
  return { byId, children, roots };
}

/** The record an `editImageUrl` value names: stored as the address, an id is accepted too. */
export function findRecord(tree: HistoryTree, key: string | null | undefined) {
  if (!key) return undefined;
  return tree.byId.get(key) ?? [...tree.byId.values()].find((r) => r.imageUrl === key);
}

const parentOf = (tree: HistoryTree, record: HistoryRecord) =>
  record.parentId && record.parentId !== record.id ? tree.byId.get(record.parentId) : undefined;

/** From the chain's first image down to `id`. */
export function pathTo(tree: HistoryTree, id: string): HistoryRecord[] {
  const path: HistoryRecord[] = [];
  const seen = new Set<string>();
  for (let node = tree.byId.get(id); node && !seen.has(node.id); node = parentOf(tree, node)) {
    seen.add(node.id);
    path.unshift(node);
  }
  return path;
}

/** Follows the newest child down from `id`: where a chain currently ends. */
export function latestTip(tree: HistoryTree, id: string): string {
  let current = id;
  const seen = new Set<string>([id]);
  for (;;) {
    const kids = tree.children.get(current);
    const newest = kids?.[kids.length - 1];
    if (!newest || seen.has(newest.id)) return current;
    seen.add(newest.id);
    current = newest.id;
  }
}

export interface Branch {
  steps: HistoryRecord[];
  /** Where the selected image is in `steps`; -1 when nothing is selected. */
  index: number;
}

/**
 * The branch on screen: from the first image through the selected one down to the branch's tip.
 * The tip is remembered so that stepping back keeps the later steps in view; selecting an image
 * off that branch follows its newest children instead.
 */
export function currentBranch(
  tree: HistoryTree,
  selectedId: string | undefined,
  tipId?: string | null,
): Branch {
  if (!selectedId || !tree.byId.has(selectedId)) return { steps: [], index: -1 };
  const viaTip = tipId && tree.byId.has(tipId) ? pathTo(tree, tipId) : [];
  const steps = viaTip.some((s) => s.id === selectedId)
    ? viaTip
    : pathTo(tree, latestTip(tree, selectedId));
  return { steps, index: steps.findIndex((s) => s.id === selectedId) };
}

/** The other edits of the same step (same parent), the image itself included, oldest first. */
export function siblingsOf(tree: HistoryTree, id: string): HistoryRecord[] {
  const record = tree.byId.get(id);
  if (!record) return [];
  const parent = parentOf(tree, record);
  return parent ? (tree.children.get(parent.id) ?? [record]) : [record];
}

/** The results one request made together (same parent, prompt and moment): the 2×2 grid. */
export function batchOf(tree: HistoryTree, id: string): HistoryRecord[] {
  const record = tree.byId.get(id);
  if (!record || record.imageType !== 'generated') return record ? [record] : [];
  return siblingsOf(tree, id).filter(
    (s) => s.createdAt === record.createdAt && s.prompt === record.prompt,
  );
}

/** The chains to pick up again, newest first (recent lists show 8). */
export const recentRoots = (tree: HistoryTree, limit = 8) => tree.roots.slice(0, limit);

/** The newest image of all: what a fresh device opens on. */
export function newestRecord(records: readonly HistoryRecord[]): HistoryRecord | undefined {
  return [...records].sort((a, b) => byAge(b, a))[0];
}
