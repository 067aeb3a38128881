import { describe, expect, it } from 'vitest';
import type { WhiteboardItem } from './whiteboard.ts';
import { mergeBoardItems } from './whiteboard-merge.ts';

const item = (id: string, x = 0, y = 0): WhiteboardItem => ({
  id,
  imageUrl: `/api/images/${id}.jpg`,
  x,
  y,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex: 1,
});
const base = [item('a'), item('b'), item('c')];

describe('mergeBoardItems', () => {
  it('keeps both sides when they moved different images', () => {
    const theirs = [item('a', 50), item('b'), item('c')];
    const mine = [item('a'), item('b', 0, 70), item('c')];
    expect(mergeBoardItems(base, theirs, mine)).toEqual({
      items: [item('a', 50), item('b', 0, 70), item('c')],
      conflicts: [],
    });
  });

  it('names an image both sides moved differently and resolves it for the side preferred', () => {
    const theirs = [item('a', 50), item('b'), item('c')];
    const mine = [item('a', 90), item('b'), item('c', 5)];
    expect(mergeBoardItems(base, theirs, mine)).toEqual({
      items: [item('a', 50), item('b'), item('c', 5)],
      conflicts: ['a'],
    });
    expect(mergeBoardItems(base, theirs, mine, 'mine').items[0]).toEqual(item('a', 90));
  });

  it('accepts the same change on both sides', () => {
    const moved = [item('a', 5), item('b'), item('c')];
    expect(mergeBoardItems(base, moved, moved).conflicts).toEqual([]);
  });

  it('takes additions and removals from both sides', () => {
    const theirs = [item('a'), item('b'), item('c'), item('t')];
    const mine = [item('a'), item('c'), item('m')];
    expect(mergeBoardItems(base, theirs, mine)).toEqual({
      items: [item('a'), item('c'), item('t'), item('m')],
      conflicts: [],
    });
  });

  it('calls a removal on one side and a move on the other a conflict', () => {
    const theirs = [item('a'), item('c')];
    const mine = [item('a'), item('b', 40), item('c')];
    expect(mergeBoardItems(base, theirs, mine)).toEqual({
      items: [item('a'), item('c')],
      conflicts: ['b'],
    });
    expect(mergeBoardItems(base, mine, theirs).conflicts).toEqual(['b']);
  });
});
