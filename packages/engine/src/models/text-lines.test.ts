import { describe, expect, it } from 'vitest';
import { textLines } from './text-lines.ts';
import { decodeCtc } from './text-reader.ts';

/** A probability map with rectangles of the given probability. */
function map(
  width: number,
  height: number,
  boxes: Array<[number, number, number, number, number]>,
) {
  const probability = new Float32Array(width * height);
  for (const [x0, y0, x1, y1, p] of boxes)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) probability[y * width + x] = p;
  return probability;
}

describe('DB post-processing', () => {
  it('grows a line’s shrunk core back to the line, as PaddleOCR unclips it', () => {
    // A core 40 × 6 cells: unclip distance = 40·6·1.5 / (2·46) ≈ 3.9 cells each way.
    const [line] = textLines(map(80, 40, [[20, 17, 60, 23, 0.9]]), 80, 40);
    expect(line).toMatchObject({ score: 0.9 });
    expect(line!.left).toBeGreaterThanOrEqual(15);
    expect(line!.left).toBeLessThanOrEqual(17);
    expect(line!.right).toBeGreaterThanOrEqual(63);
    expect(line!.top).toBeLessThanOrEqual(14);
    expect(line!.thickness).toBeGreaterThan(12);
    expect(line!.thickness).toBeLessThan(16);
  });

  it('drops unsure cores and specks', () => {
    const probability = map(80, 40, [
      [5, 5, 40, 11, 0.45], // mean probability under 0.6
      [60, 30, 62, 32, 0.95], // two cells across
    ]);
    expect(textLines(probability, 80, 40)).toEqual([]);
  });
});

describe('CTC reading', () => {
  it('merges repeats, drops blanks and averages the characters’ probabilities', () => {
    const keys = ['', 'A', 'B'];
    // Steps: A A blank A B → "AAB".
    const steps = [
      [0.1, 0.9, 0],
      [0.2, 0.8, 0],
      [0.9, 0.1, 0],
      [0.3, 0.7, 0],
      [0.4, 0, 0.6],
    ];
    const reading = decodeCtc(Float32Array.from(steps.flat()), 5, 3, keys);
    expect(reading.text).toBe('AAB');
    expect(reading.confidence).toBeCloseTo((0.9 + 0.7 + 0.6) / 3, 2);
  });
});
