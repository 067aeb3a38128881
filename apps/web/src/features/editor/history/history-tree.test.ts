import type { EditedImageRecord } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import {
  batchOf,
  buildHistoryTree,
  currentBranch,
  findRecord,
  latestTip,
  newestRecord,
  pathTo,
  recentRoots,
  siblingsOf,
} from './history-tree.ts';
import { stepLabel } from './step-label.ts';

let clock = 0;
function record(id: string, parentId: string | null, extra: Partial<EditedImageRecord> = {}) {
  const createdAt = extra.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
  return {
    id,
    imageUrl: `/uploads/${id}.jpg`,
    image_url: `/uploads/${id}.jpg`,
    prompt: parentId ? `edit ${id}` : '[UPLOADED IMAGE]',
    imageType: parentId ? 'generated' : 'upload',
    originalImageUrl: null,
    parentId,
    parentImageUrl: null,
    projectId: null,
    sessionId: null,
    model: parentId ? 'local:edit' : 'upload',
    width: 100,
    height: 100,
    aspectRatio: '1:1',
    createdAt,
    created_at: createdAt,
    ...extra,
  } satisfies EditedImageRecord;
}

// up → a → b → c (the first branch); then an edit of a again: a → d (a second branch).
const batchTime = '2026-01-02T00:00:00.000Z';
const records = [
  record('up', null),
  record('a', 'up'),
  record('b', 'a'),
  record('c', 'b'),
  record('d', 'a'),
  record('other', null),
  record('g2', 'other', { createdAt: batchTime, prompt: 'four' }),
  record('g1', 'other', { createdAt: batchTime, prompt: 'four' }),
  record('g3', 'other', { createdAt: batchTime, prompt: 'four' }),
  record('g4', 'other', { createdAt: batchTime, prompt: 'four' }),
].reverse();
const tree = buildHistoryTree(records);
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('history tree', () => {
  it('links children by parentId, oldest first, and lists chains newest first', () => {
    expect(ids(tree.children.get('a')!)).toEqual(['b', 'd']);
    expect(ids(tree.roots)).toEqual(['other', 'up']);
    expect(ids(recentRoots(tree, 1))).toEqual(['other']);
  });
  it('treats an image whose parent is gone as the start of a chain', () => {
    const orphan = buildHistoryTree([record('x', 'deleted')]);
    expect(ids(orphan.roots)).toEqual(['x']);
  });
  it('walks from the first image to any step and down to the newest tip', () => {
    expect(ids(pathTo(tree, 'c'))).toEqual(['up', 'a', 'b', 'c']);
    expect(latestTip(tree, 'up')).toBe('d');
    expect(latestTip(tree, 'b')).toBe('c');
  });
  it('survives a cycle in bad data', () => {
    const looped = buildHistoryTree([record('p', 'q'), record('q', 'p')]);
    expect(pathTo(looped, 'p').length).toBeLessThanOrEqual(2);
  });
});

describe('currentBranch', () => {
  it('keeps later steps in view while stepping back along the remembered tip', () => {
    const branch = currentBranch(tree, 'a', 'c');
    expect(ids(branch.steps)).toEqual(['up', 'a', 'b', 'c']);
    expect(branch.index).toBe(1);
  });
  it('follows the newest children when the selection leaves the remembered branch', () => {
    const branch = currentBranch(tree, 'up', 'other');
    expect(ids(branch.steps)).toEqual(['up', 'a', 'd']);
    expect(branch.index).toBe(0);
  });
  it('is empty without a selection', () => {
    expect(currentBranch(tree, undefined)).toEqual({ steps: [], index: -1 });
    expect(currentBranch(tree, 'missing')).toEqual({ steps: [], index: -1 });
  });
});

describe('siblings and batches', () => {
  it('lists the other edits of the same step', () => {
    expect(ids(siblingsOf(tree, 'd'))).toEqual(['b', 'd']);
    expect(ids(siblingsOf(tree, 'up'))).toEqual(['up']);
  });
  it('groups the results of one request in a stable order', () => {
    expect(ids(batchOf(tree, 'g3'))).toEqual(['g1', 'g2', 'g3', 'g4']);
    expect(ids(batchOf(tree, 'b'))).toEqual(['b']);
    expect(ids(batchOf(tree, 'up'))).toEqual(['up']);
  });
});

describe('finding records', () => {
  it('finds by address or id', () => {
    expect(findRecord(tree, '/uploads/b.jpg')?.id).toBe('b');
    expect(findRecord(tree, 'c')?.id).toBe('c');
    expect(findRecord(tree, null)).toBeUndefined();
  });
  it('knows the newest image', () => {
    expect(['g1', 'g2', 'g3', 'g4']).toContain(newestRecord(records)?.id);
    expect(newestRecord([])).toBeUndefined();
  });
});

describe('stepLabel', () => {
  it('names uploads, crops and presets, and shows prompts as they are', () => {
    expect(stepLabel(record('u', null))).toEqual({ kind: 'upload' });
    expect(stepLabel(record('k', null, { model: 'manual-crop', prompt: 'x' }))).toEqual({
      kind: 'crop',
    });
    expect(stepLabel(record('p', 'u', { prompt: 'Preset: pop-art' }))).toEqual({
      kind: 'preset',
      preset: 'pop-art',
    });
    expect(stepLabel(record('e', 'u', { prompt: ' make it brighter ' }))).toEqual({
      kind: 'prompt',
      text: 'make it brighter',
    });
  });
});
