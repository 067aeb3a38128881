import { describe, expect, it } from 'vitest';
import { mixWeights, ontoSimplex } from './fill-weights.ts';

/** The normal equations of candidate fills (columns) against the truth over a few pixels. */
function normal(fills: number[][], truth: number[]) {
  const gram = fills.map((a) => fills.map((b) => a.reduce((s, v, t) => s + v * b[t]!, 0)));
  const cross = fills.map((a) => a.reduce((s, v, t) => s + v * truth[t]!, 0));
  return { gram, cross };
}

describe('the mix of candidate fills', () => {
  it('takes all of a fill that restores the stand-ins exactly', () => {
    const truth = [10, 200, 40, 90];
    const { gram, cross } = normal([[50, 50, 50, 50], truth, [0, 255, 0, 255]], truth);
    const weights = mixWeights(gram, cross);
    expect(weights[1]).toBeGreaterThan(0.98);
  });

  it('halves two fills that err by as much on opposite sides', () => {
    // One fill too dark by 20 everywhere, the other too light by 20: their mean is the truth.
    const truth = [100, 120, 140, 160];
    const dark = truth.map((v) => v - 20);
    const light = truth.map((v) => v + 20);
    const weights = mixWeights(
      normal([dark, light], truth).gram,
      normal([dark, light], truth).cross,
    );
    expect(weights[0]).toBeCloseTo(0.5, 2);
    expect(weights[1]).toBeCloseTo(0.5, 2);
  });

  it('never weighs a fill below nothing or the whole above one', () => {
    const truth = [100, 100, 100];
    const { gram, cross } = normal(
      [
        [90, 90, 90],
        [300, 300, 300],
        [95, 99, 101],
      ],
      truth,
    );
    const weights = mixWeights(gram, cross);
    expect(Math.min(...weights)).toBeGreaterThanOrEqual(0);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('projects onto the simplex: nearest non-negative weights summing to one', () => {
    expect(ontoSimplex([0.5, 0.5])).toEqual([0.5, 0.5]);
    expect(ontoSimplex([2, 0])).toEqual([1, 0]);
    const p = ontoSimplex([0.6, 0.6, -1]);
    expect(p[0]).toBeCloseTo(0.5, 9);
    expect(p[2]).toBe(0);
  });
});
