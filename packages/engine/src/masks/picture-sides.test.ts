import { describe, expect, it } from 'vitest';
import { sidesOnEdges } from './picture-sides.ts';

const W = 40;
const H = 30;

/** Lightness 80 (the wall) with a picture of lightness `inside` over columns 12–27. */
function wallWithPicture(inside: number): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) lab[(y * W + x) * 3] = x >= 12 && x <= 27 && y >= 5 ? inside : 80;
  }
  return lab;
}

// Where the texture part puts the sides: two columns inside of where it reaches on the wall,
// that is, on the picture's own first and last columns; widened by 2 they took wall in.
const fitted = { left: () => 12, right: () => 27 };
const rows = { y0: 5, y1: 29 };

describe('a picture’s sides moved onto its own edges', () => {
  it('puts the first and last columns on the picture, none on the wall beside it', () => {
    const edges = sidesOnEdges(wallWithPicture(60), W, fitted, rows, 2);
    expect(edges.left(10)).toBe(12);
    expect(edges.right(10)).toBe(27);
  });

  it('finds the edge a column or two away from where the part put it', () => {
    const shifted = { left: () => 10, right: () => 29 };
    const edges = sidesOnEdges(wallWithPicture(60), W, shifted, rows, 2);
    expect(edges.left(10)).toBe(12);
    expect(edges.right(10)).toBe(27);
  });

  it('widens the part’s lines as before where no edge tells the picture from the wall', () => {
    const edges = sidesOnEdges(wallWithPicture(78), W, fitted, rows, 2);
    expect(edges.left(10)).toBe(10);
    expect(edges.right(10)).toBe(29);
  });
});
