import type { WhiteboardItem } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import {
  actionDeleteItems,
  actionForKey,
  actionRectangleSelect,
  actionSelect,
  actionSelectAll,
  actionToggleSelection,
  type BoardState,
} from './index';

const item = (id: string, zIndex: number, extra: Partial<WhiteboardItem> = {}): WhiteboardItem => ({
  id,
  imageUrl: `/uploads/u/${id}.jpg`,
  x: 0,
  y: 0,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex,
  ...extra,
});
const board = (items: WhiteboardItem[], selected: string[] = []): BoardState => ({
  items,
  selected,
});
const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('selection', () => {
  const items = [
    item('a', 1, { x: 0, y: 0, width: 100, height: 100 }),
    item('b', 2, { x: 300, y: 0, width: 100, height: 100 }),
    item('c', 3, { x: 0, y: 300, width: 100, height: 100, rotation: 45 }),
  ];

  it('selects one, toggles with Ctrl/Cmd-click, selects all and clears, never as a history step', () => {
    const one = actionSelect.perform(board(items), { ids: ['b', 'missing'] });
    expect(one).toEqual({ state: board(items, ['b']), commit: false });
    const two = actionToggleSelection.perform(one.state, { id: 'a' });
    expect(two.state.selected).toEqual(['b', 'a']);
    expect(actionToggleSelection.perform(two.state, { id: 'b' }).state.selected).toEqual(['a']);
    expect(actionSelectAll.perform(board(items), undefined).state.selected).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(actionSelect.perform(two.state, { ids: [] }).state.selected).toEqual([]);
  });

  it('selects what a dragged rectangle touches, rotated items by their bounds, or adds to it', () => {
    const rect = { x: 50, y: 50, width: 300, height: 100 };
    expect(actionRectangleSelect.perform(board(items), { rect }).state.selected).toEqual([
      'a',
      'b',
    ]);
    // c is rotated 45° about its corner: its box reaches left of x 0, down to y ≈ 441.
    const low = { x: -60, y: 400, width: 20, height: 20 };
    expect(actionRectangleSelect.perform(board(items), { rect: low }).state.selected).toEqual([
      'c',
    ]);
    const added = actionRectangleSelect.perform(board(items, ['c']), { rect, additive: true });
    expect(added.state.selected).toEqual(['c', 'a', 'b']);
  });

  it('deletes the selection and drops deleted ids from it', () => {
    const result = actionDeleteItems.perform(board(items, ['a', 'c']), undefined);
    expect(result.commit).toBe(true);
    expect(result.state).toEqual({ items: [items[1]], selected: [] });
    expect(actionDeleteItems.perform(board(items), undefined).commit).toBe(false);
  });
});

describe('shortcuts', () => {
  it('finds the action of a key press', () => {
    expect(actionForKey(key(']', { ctrlKey: true }))?.name).toBe('bringForward');
    expect(actionForKey(key('}', { metaKey: true, shiftKey: true }))?.name).toBe('bringToFront');
    expect(actionForKey(key('[', { ctrlKey: true }))?.name).toBe('sendBackward');
    expect(actionForKey(key('{', { ctrlKey: true, shiftKey: true }))?.name).toBe('sendToBack');
    expect(actionForKey(key('Delete'))?.name).toBe('deleteItems');
    expect(actionForKey(key('a', { metaKey: true }))?.name).toBe('selectAll');
    expect(actionForKey(key('Escape'))?.name).toBe('clearSelection');
    expect(actionForKey(key('a'))).toBeUndefined();
  });
});
