import type { WhiteboardItem } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import {
  actionAddImages,
  actionBringToFront,
  actionDeleteItems,
  actionMoveItems,
  actionSelect,
} from './actions';
import {
  canRedo,
  canUndo,
  createHistory,
  HISTORY_LIMIT,
  record,
  redo,
  replaceItems,
  undo,
} from './history';

const add = (history: ReturnType<typeof createHistory>, id: string) =>
  record(
    history,
    actionAddImages.perform(history.present, {
      images: [{ imageUrl: `/uploads/${id}.jpg`, x: 0, y: 0 }],
      ids: [id],
    }),
  );
const ids = (history: ReturnType<typeof createHistory>) => history.present.items.map((i) => i.id);

describe('undo and redo', () => {
  it('takes back committed steps in order and redoes them', () => {
    let h = add(add(createHistory(), 'a'), 'b');
    h = record(h, actionMoveItems.perform(h.present, { ids: ['a'], dx: 40, dy: 0 }));
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present.items[0]!.x).toBe(0);
    h = undo(h);
    expect(ids(h)).toEqual(['a']);
    h = redo(h);
    expect(ids(h)).toEqual(['a', 'b']);
    h = redo(h);
    expect(h.present.items[0]!.x).toBe(40);
    expect(canRedo(h)).toBe(false);
    expect(undo(undo(undo(h))).present.items).toEqual([]);
    expect(undo(createHistory())).toEqual(createHistory());
  });

  it('does not record selection changes or no-ops, and a new step clears redo', () => {
    let h = add(add(createHistory(), 'a'), 'b');
    const pastBefore = h.past.length;
    h = record(h, actionSelect.perform(h.present, { ids: ['a'] }));
    h = record(h, actionBringToFront.perform({ ...h.present, selected: ['b'] }, undefined));
    expect(h.past.length).toBe(pastBefore);
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = record(h, actionMoveItems.perform(h.present, { ids: ['a'], dx: 1, dy: 1 }));
    expect(canRedo(h)).toBe(false);
  });

  it('keeps the selection to items that exist after undo of an add', () => {
    let h = add(createHistory(), 'a');
    h = add(h, 'b');
    expect(h.present.selected).toEqual(['b']);
    h = undo(h);
    expect(h.present.selected).toEqual([]);
    h = record(h, actionSelect.perform(h.present, { ids: ['a'] }));
    h = record(h, actionDeleteItems.perform(h.present, undefined));
    expect(ids(h)).toEqual([]);
    expect(ids(undo(h))).toEqual(['a']);
  });

  it(`forgets steps beyond ${HISTORY_LIMIT}, and starts over when another device's board arrives`, () => {
    let h = createHistory();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = add(h, `i${i}`);
    expect(h.past.length).toBe(HISTORY_LIMIT);
    const remote: WhiteboardItem[] = [h.present.items[0]!];
    h = replaceItems({ ...h, present: { ...h.present, selected: ['i0', 'i5'] } }, remote);
    expect(h).toEqual({ past: [], present: { items: remote, selected: ['i0'] }, future: [] });
  });
});
