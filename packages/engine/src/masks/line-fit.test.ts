import { describe, expect, it } from 'vitest';
import { leastSquaresLine } from './line-fit.ts';

describe('the least-squares line', () => {
  it('recovers a line through points scattered evenly about it', () => {
    const points: Array<[number, number]> = [];
    for (let u = -10; u <= 10; u++) points.push([u, 30 + 0.5 * u + (u % 2 === 0 ? 1 : -1)]);
    const line = leastSquaresLine(points);
    expect(line.slope).toBeCloseTo(0.5, 1);
    expect(line.at(0)).toBeCloseTo(30, 0);
  });

  it('is flat through the mean when every point has the same u', () => {
    const line = leastSquaresLine([
      [4, 10],
      [4, 20],
    ]);
    expect(line.slope).toBe(0);
    expect(line.at(4)).toBe(15);
  });
});
