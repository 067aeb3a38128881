import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  pruneSelection,
  selectAll,
  selectionAfterClick,
  selectRange,
  toggleSelected,
} from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();
const plain = { shiftKey: false, ctrlKey: false, metaKey: false };

describe('selection', () => {
  it('toggles one tile and makes it the anchor', () => {
    const one = toggleSelected(EMPTY_SELECTION, 'b');
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ids(toggleSelected(one, 'b'))).toEqual([]);
  });

  it('selects a range from the anchor, downwards and upwards', () => {
    const anchored = toggleSelected(EMPTY_SELECTION, 'b');
    expect(ids(selectRange(anchored, 'e', order))).toEqual(['b', 'c', 'd', 'e']);
    const up = toggleSelected(EMPTY_SELECTION, 'e');
    expect(ids(selectRange(up, 'c', order))).toEqual(['c', 'd', 'e']);
  });

  it('adds a range to what is already selected and keeps the anchor', () => {
    let s = toggleSelected(EMPTY_SELECTION, 'f');
    s = toggleSelected(s, 'a');
    s = selectRange(s, 'c', order);
    expect(ids(s)).toEqual(['a', 'b', 'c', 'f']);
    expect(s.anchor).toBe('a');
  });

  it('treats Shift without an anchor (or a vanished one) as a toggle', () => {
    expect(ids(selectRange(EMPTY_SELECTION, 'c', order))).toEqual(['c']);
    const stale = { ids: new Set<string>(), anchor: 'zz' };
    expect(ids(selectRange(stale, 'd', order))).toEqual(['d']);
  });

  it('selects all in order and prunes what disappeared', () => {
    const all = selectAll(order);
    expect(all.ids.size).toBe(6);
    const pruned = pruneSelection(all, ['a', 'c']);
    expect(ids(pruned)).toEqual(['a', 'c']);
    expect(pruned.anchor).toBe('a');
    expect(pruneSelection(pruned, ['a', 'c'])).toBe(pruned);
    expect(pruneSelection(toggleSelected(EMPTY_SELECTION, 'b'), ['a']).anchor).toBeNull();
  });

  it('maps clicks: plain opens, Ctrl/Cmd toggles, Shift ranges, plain toggles once selecting', () => {
    expect(selectionAfterClick(EMPTY_SELECTION, 'a', order, plain)).toBeNull();
    const first = selectionAfterClick(EMPTY_SELECTION, 'b', order, { ...plain, metaKey: true })!;
    expect(ids(first)).toEqual(['b']);
    const range = selectionAfterClick(first, 'd', order, { ...plain, shiftKey: true })!;
    expect(ids(range)).toEqual(['b', 'c', 'd']);
    const toggled = selectionAfterClick(range, 'c', order, plain)!;
    expect(ids(toggled)).toEqual(['b', 'd']);
    const ctrl = selectionAfterClick(EMPTY_SELECTION, 'f', order, { ...plain, ctrlKey: true })!;
    expect(ids(ctrl)).toEqual(['f']);
  });
});
