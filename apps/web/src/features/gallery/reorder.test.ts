import { describe, expect, it } from 'vitest';
import { moveWithNeighbours, reorderPages } from './reorder.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('moveWithNeighbours', () => {
  it('moving down lands after the target', () => {
    expect(moveWithNeighbours(order, 'b', 'd')).toEqual({
      order: ['a', 'c', 'd', 'b', 'e'],
      beforeId: 'd',
      afterId: 'e',
    });
  });

  it('moving up lands before the target', () => {
    expect(moveWithNeighbours(order, 'd', 'b')).toEqual({
      order: ['a', 'd', 'b', 'c', 'e'],
      beforeId: 'a',
      afterId: 'b',
    });
  });

  it('has one neighbour at either end', () => {
    expect(moveWithNeighbours(order, 'c', 'a')).toMatchObject({ beforeId: null, afterId: 'a' });
    expect(moveWithNeighbours(order, 'c', 'e')).toMatchObject({ beforeId: 'e', afterId: null });
  });

  it('ignores a drop on itself or on something unknown', () => {
    expect(moveWithNeighbours(order, 'c', 'c')).toBeNull();
    expect(moveWithNeighbours(order, 'c', 'zz')).toBeNull();
    expect(moveWithNeighbours(order, 'zz', 'c')).toBeNull();
  });
});

describe('reorderPages', () => {
  it('keeps the page sizes', () => {
    const pages = [[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]];
    expect(reorderPages(pages, ['c', 'a', 'b'])).toEqual([
      [{ id: 'c' }, { id: 'a' }],
      [{ id: 'b' }],
    ]);
  });
});
