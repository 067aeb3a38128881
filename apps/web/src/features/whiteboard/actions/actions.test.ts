import type { WhiteboardItem } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import {
  actionAddImages,
  actionBringForward,
  actionBringToFront,
  actionMoveItems,
  actionResizeItems,
  actionRotateItems,
  actionSendBackward,
  actionSendToBack,
  actionSnapToGrid,
  performAll,
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
/** Ids back to front. */
const stack = (state: BoardState) =>
  [...state.items].sort((a, b) => a.zIndex - b.zIndex).map((i) => i.id);
const abcd = () => [item('a', 1), item('b', 2), item('c', 3), item('d', 4)];

describe('adding images', () => {
  it('uses the spec defaults: 200×150, zIndex 1 on an empty board, then on top', () => {
    const first = actionAddImages.perform(board([]), {
      images: [{ imageUrl: '/uploads/a.jpg', x: 5, y: 6 }],
      ids: ['a'],
    });
    expect(first.commit).toBe(true);
    expect(first.state.items).toEqual([
      {
        id: 'a',
        imageUrl: '/uploads/a.jpg',
        x: 5,
        y: 6,
        width: 200,
        height: 150,
        rotation: 0,
        zIndex: 1,
      },
    ]);
    expect(first.state.selected).toEqual(['a']);
    const next = actionAddImages.perform(board([item('x', 7), item('y', 3)]), {
      images: [
        { imageUrl: '/uploads/b.jpg', x: 0, y: 0 },
        { imageUrl: '/uploads/c.jpg', x: 0, y: 0, width: 50, height: 40 },
      ],
      ids: ['b', 'c'],
    });
    expect(next.state.items.slice(2).map((i) => [i.id, i.zIndex, i.width])).toEqual([
      ['b', 8, 200],
      ['c', 9, 50],
    ]);
  });

  it('stops at 500 images', () => {
    const full = board(Array.from({ length: 500 }, (_, i) => item(`i${i}`, i)));
    const result = actionAddImages.perform(full, {
      images: [{ imageUrl: '/uploads/x', x: 0, y: 0 }],
    });
    expect(result.commit).toBe(false);
    expect(result.state).toBe(full);
  });
});

describe('z-order', () => {
  it('brings to front and sends to back, keeping the order among the selected', () => {
    expect(stack(actionBringToFront.perform(board(abcd(), ['b', 'a']), undefined).state)).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
    expect(stack(actionSendToBack.perform(board(abcd(), ['d', 'c']), undefined).state)).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
  });

  it('brings forward and sends backward by one, past unselected neighbours only', () => {
    expect(stack(actionBringForward.perform(board(abcd(), ['a']), undefined).state)).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    expect(stack(actionBringForward.perform(board(abcd(), ['a', 'b']), undefined).state)).toEqual([
      'c',
      'a',
      'b',
      'd',
    ]);
    expect(stack(actionSendBackward.perform(board(abcd(), ['d']), undefined).state)).toEqual([
      'a',
      'b',
      'd',
      'c',
    ]);
    expect(stack(actionSendBackward.perform(board(abcd(), ['b', 'd']), undefined).state)).toEqual([
      'b',
      'a',
      'd',
      'c',
    ]);
  });

  it('renumbers zIndex 1..n, touches only items that moved, and is a no-op at the top', () => {
    const items = [item('a', 10), item('b', 20), item('c', 20)];
    const result = actionBringToFront.perform(board(items, ['a']), undefined);
    expect(result.state.items.map((i) => [i.id, i.zIndex])).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ]);
    const top = board(abcd(), ['d']);
    const noop = actionBringToFront.perform(top, undefined);
    expect(noop).toEqual({ state: top, commit: false });
    const before = board(abcd(), ['c']);
    const forward = actionBringForward.perform(before, undefined);
    expect(forward.state.items[0]).toBe(before.items[0]);
    expect(forward.state.items[2]).not.toBe(before.items[2]);
    expect(actionSendToBack.perform(board(abcd()), undefined).commit).toBe(false);
  });
});

describe('moving, resizing, rotating, snapping', () => {
  it('moves several items, and snaps to the grid when asked', () => {
    const state = board([
      item('a', 1, { x: 3, y: 4 }),
      item('b', 2, { x: 100, y: 100 }),
      item('c', 3),
    ]);
    const moved = actionMoveItems.perform(state, { ids: ['a', 'b'], dx: 10, dy: -4 });
    expect(moved.state.items.map((i) => [i.x, i.y])).toEqual([
      [13, 0],
      [110, 96],
      [0, 0],
    ]);
    expect(moved.state.items[2]).toBe(state.items[2]);
    const snapped = actionMoveItems.perform(state, { ids: ['a'], dx: 8, dy: 5, grid: 20 });
    expect(snapped.state.items[0]).toMatchObject({ x: 20, y: 0 });
    expect(actionMoveItems.perform(state, { ids: ['a'], dx: 0, dy: 0 }).commit).toBe(false);
  });

  it('resizes within limits and snaps sizes to the grid', () => {
    const state = board([item('a', 1)]);
    const resized = actionResizeItems.perform(state, {
      boxes: [{ id: 'a', x: 1, y: 2, width: 3, height: 90_000 }],
    });
    expect(resized.state.items[0]).toMatchObject({ x: 1, y: 2, width: 10, height: 20_000 });
    const snapped = actionResizeItems.perform(state, {
      boxes: [{ id: 'a', x: 0, y: 0, width: 233, height: 4 }],
      grid: 20,
    });
    expect(snapped.state.items[0]).toMatchObject({ width: 240, height: 20 });
  });

  it('rotates within (-180, 180], to 15° steps when snapping', () => {
    const state = board([item('a', 1)]);
    const turned = actionRotateItems.perform(state, {
      turns: [{ id: 'a', rotation: 270, x: 5, y: 6 }],
    });
    expect(turned.state.items[0]).toMatchObject({ rotation: -90, x: 5, y: 6 });
    const snapped = actionRotateItems.perform(state, {
      turns: [{ id: 'a', rotation: 52 }],
      snapAngle: true,
    });
    expect(snapped.state.items[0]!.rotation).toBe(45);
  });

  it('snaps the selection, or the whole board, to the grid', () => {
    const state = board([item('a', 1, { x: 11, y: 29, width: 205 }), item('b', 2, { x: 7, y: 7 })]);
    const one = actionSnapToGrid.perform({ ...state, selected: ['a'] }, { grid: 20 });
    expect(one.state.items.map((i) => [i.x, i.y, i.width, i.height])).toEqual([
      [20, 20, 200, 160],
      [7, 7, 200, 150],
    ]);
    const all = actionSnapToGrid.perform(state, undefined);
    expect(all.state.items.map((i) => [i.x, i.y])).toEqual([
      [20, 20],
      [0, 0],
    ]);
  });

  it('puts a move and a rotation of one gesture in one step', () => {
    const state = board([item('a', 1)]);
    const result = performAll(state, [
      {
        perform: (s) =>
          actionResizeItems.perform(s, {
            boxes: [{ id: 'a', x: 5, y: 5, width: 100, height: 100 }],
          }),
      },
      { perform: (s) => actionRotateItems.perform(s, { turns: [{ id: 'a', rotation: 30 }] }) },
    ]);
    expect(result.commit).toBe(true);
    expect(result.state.items[0]).toMatchObject({ x: 5, width: 100, rotation: 30 });
  });
});

describe('saved numbers', () => {
  it('keeps hundredths, so a board saves no float noise', () => {
    const state = board([item('a', 1)]);
    const moved = actionMoveItems.perform(state, { ids: ['a'], dx: 0.1 + 0.2, dy: 1 / 3 });
    expect(moved.state.items[0]).toMatchObject({ x: 0.3, y: 0.33 });
    const turned = actionRotateItems.perform(state, {
      turns: [{ id: 'a', rotation: 54.537, x: 254.9541 }],
    });
    expect(turned.state.items[0]).toMatchObject({ rotation: 54.54, x: 254.95 });
  });
});
