import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOperations } from '../src/operations/apply.ts';
import { describeOperation, type Operation } from '../src/operations/types.ts';
import { difference, fixture, measure, pixels, sharpness, synthetic } from './measure.ts';

let photo: Buffer;
let original: Awaited<ReturnType<typeof measure>>;

beforeAll(async () => {
  photo = await fixture('living-room.jpg', 480);
  original = await measure(photo);
});

const apply = (...operations: Operation[]) => applyOperations(photo, operations);

describe('tone and colour', () => {
  it('brighter raises and darker lowers the mean luminance', async () => {
    const brighter = await measure(await apply({ kind: 'brightness', amount: 0.3 }));
    const darker = await measure(await apply({ kind: 'brightness', amount: -0.3 }));
    expect(brighter.luminance).toBeGreaterThan(original.luminance + 10);
    expect(darker.luminance).toBeLessThan(original.luminance - 10);
  });

  it('contrast spreads the tones apart', async () => {
    const spread = async (image: Buffer) => {
      const { data } = await pixels(image);
      let sum = 0;
      let squares = 0;
      for (const v of data) {
        sum += v;
        squares += v * v;
      }
      return Math.sqrt(squares / data.length - (sum / data.length) ** 2);
    };
    const base = await spread(photo);
    expect(await spread(await apply({ kind: 'contrast', amount: 0.4 }))).toBeGreaterThan(base + 5);
    expect(await spread(await apply({ kind: 'contrast', amount: -0.4 }))).toBeLessThan(base - 5);
  });

  it('saturation moves the mean HSV saturation', async () => {
    const coffee = await fixture('coffee.png', 300);
    const base = await measure(coffee);
    const more = await measure(
      await applyOperations(coffee, [{ kind: 'saturation', amount: 0.4 }]),
    );
    const less = await measure(
      await applyOperations(coffee, [{ kind: 'saturation', amount: -0.5 }]),
    );
    expect(more.saturation).toBeGreaterThan(base.saturation + 0.03);
    expect(less.saturation).toBeLessThan(base.saturation - 0.1);
  });

  it('black and white leaves no saturation', async () => {
    const result = await measure(await apply({ kind: 'grayscale' }));
    expect(result.saturation).toBeLessThan(0.02);
  });

  it('sepia is warm brown: red over green over blue, little saturation', async () => {
    const result = await measure(await apply({ kind: 'sepia' }));
    expect(result.red).toBeGreaterThan(result.green + 5);
    expect(result.green).toBeGreaterThan(result.blue + 10);
    expect(result.saturation).toBeLessThan(0.3);
  });

  it('warmer raises and cooler lowers the red/blue ratio', async () => {
    const ratio = (m: { red: number; blue: number }) => m.red / m.blue;
    const warmer = await measure(await apply({ kind: 'warmth', amount: 0.35 }));
    const cooler = await measure(await apply({ kind: 'warmth', amount: -0.35 }));
    expect(ratio(warmer)).toBeGreaterThan(ratio(original) * 1.1);
    expect(ratio(cooler)).toBeLessThan(ratio(original) * 0.9);
  });

  it('hue rotation changes colours but keeps brightness', async () => {
    const coffee = await fixture('coffee.png', 300);
    const rotated = await applyOperations(coffee, [{ kind: 'hue', degrees: 120 }]);
    expect(await difference(rotated, coffee)).toBeGreaterThan(20);
    const [a, b] = [await measure(rotated), await measure(coffee)];
    expect(Math.abs(a.luminance - b.luminance)).toBeLessThan(15);
  });
});

describe('geometry', () => {
  it('rotate 90 swaps the dimensions', async () => {
    const rotated = await measure(await apply({ kind: 'rotate', degrees: 90 }));
    expect([rotated.width, rotated.height]).toEqual([original.height, original.width]);
  });

  it('flip horizontal mirrors: the left column becomes the right one', async () => {
    const flipped = await pixels(await apply({ kind: 'flip', axis: 'horizontal' }));
    const source = await pixels(photo);
    let total = 0;
    for (let y = 0; y < source.height; y++) {
      for (let c = 0; c < 3; c++) {
        const left = flipped.data[y * flipped.width * 3 + c]!;
        const right = source.data[(y * source.width + source.width - 1) * 3 + c]!;
        total += Math.abs(left - right);
      }
    }
    expect(total / (source.height * 3)).toBeLessThan(6);
  });

  it('crop to 1:1 gives a square', async () => {
    const square = await measure(await apply({ kind: 'crop', ratio: '1:1' }));
    expect(square.width).toBe(square.height);
    expect(square.height).toBe(original.height);
  });
});

describe('crop placement', () => {
  /**
   * A picture in vertical (or horizontal) stripes, one grey level per column (or row): after a
   * crop, the first and last columns kept say how much was cut from each side.
   */
  async function stripes(width: number, height: number, across: boolean): Promise<Buffer> {
    const data = Buffer.alloc(width * height * 3);
    const steps = across ? width : height;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const level = Math.round((255 * (across ? x : y)) / (steps - 1));
        data.fill(level, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    return sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  }

  /** The columns (or rows) cut away before and after what the crop kept. */
  async function cutBands(image: Buffer, across: boolean, steps: number) {
    const { data, width, height } = await pixels(image);
    const middle = across ? Math.floor(height / 2) * width : Math.floor(width / 2);
    const at = (i: number) => data[(across ? middle + i : i * width + middle) * 3]!;
    const last = (across ? width : height) - 1;
    const first = Math.round((at(0) / 255) * (steps - 1));
    const end = Math.round((at(last) / 255) * (steps - 1));
    return { before: first, after: steps - 1 - end };
  }

  it('a wide picture cropped to 1:1 loses equal bands left and right', async () => {
    const wide = await stripes(255, 120, true);
    const square = await applyOperations(wide, [{ kind: 'crop', ratio: '1:1' }]);
    expect(await measure(square)).toMatchObject({ width: 120, height: 120 });
    const { before, after } = await cutBands(square, true, 255);
    expect(before + after).toBeGreaterThanOrEqual(133);
    expect(Math.abs(before - after)).toBeLessThanOrEqual(2);
  });

  it('a tall picture cropped to 16:9 loses equal bands top and bottom', async () => {
    const tall = await stripes(160, 255, false);
    const wide = await applyOperations(tall, [{ kind: 'crop', ratio: '16:9' }]);
    expect(await measure(wide)).toMatchObject({ width: 160, height: 90 });
    const { before, after } = await cutBands(wide, false, 255);
    expect(before + after).toBeGreaterThanOrEqual(163);
    expect(Math.abs(before - after)).toBeLessThanOrEqual(2);
  });
});

describe('effects', () => {
  it('blur lowers and sharpen raises the Laplacian variance', async () => {
    const base = await sharpness(photo);
    expect(await sharpness(await apply({ kind: 'blur', sigma: 3 }))).toBeLessThan(base * 0.5);
    expect(await sharpness(await apply({ kind: 'sharpen', amount: 0.6 }))).toBeGreaterThan(
      base * 1.2,
    );
  });

  it('vignette darkens the corners relative to the centre', async () => {
    const ratio = async (image: Buffer) => {
      const corner = await measure(image, { left: 0, top: 0, width: 0.1, height: 0.1 });
      const centre = await measure(image, { left: 0.45, top: 0.45, width: 0.1, height: 0.1 });
      return corner.luminance / centre.luminance;
    };
    expect(await ratio(await apply({ kind: 'vignette', strength: 0.6 }))).toBeLessThan(
      (await ratio(photo)) * 0.75,
    );
  });

  it('grain adds texture that depends on the seed', async () => {
    const flat = await synthetic(200, 200, { r: 128, g: 128, b: 128 });
    const a = await applyOperations(flat, [{ kind: 'grain', amount: 0.4, seed: 1 }]);
    const b = await applyOperations(flat, [{ kind: 'grain', amount: 0.4, seed: 2 }]);
    const again = await applyOperations(flat, [{ kind: 'grain', amount: 0.4, seed: 1 }]);
    expect(await sharpness(a)).toBeGreaterThan(100);
    expect(await difference(a, b, 200)).toBeGreaterThan(3);
    expect(await difference(a, again, 200)).toBe(0);
  });
});

describe('background colour', () => {
  it('recolours a plain border region and keeps the subject', async () => {
    const image = await synthetic(
      400,
      300,
      { r: 150, g: 150, b: 150 },
      { r: 20, g: 60, b: 200, size: 120 },
    );
    const result = await applyOperations(image, [{ kind: 'background', color: '#d62828' }]);
    const border = await measure(result, { left: 0, top: 0, width: 1, height: 0.1 });
    const centre = await measure(result, { left: 0.45, top: 0.45, width: 0.1, height: 0.1 });
    expect(border.red).toBeGreaterThan(180);
    expect(border.green).toBeLessThan(80);
    expect(centre.blue).toBeGreaterThan(170);
    expect(centre.red).toBeLessThan(60);
  });

  it('leaves the image alone when nothing plain touches the border', async () => {
    const noise = Buffer.from(
      Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 2654435761) >>> 24),
    );
    const busy = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    const result = await applyOperations(busy, [{ kind: 'background', color: '#ff0000' }]);
    const border = await measure(result, { left: 0, top: 0, width: 1, height: 0.1 });
    expect(border.red - border.green).toBeLessThan(20);
  });
});

describe('describeOperation', () => {
  it('says what was done in plain words', () => {
    expect(describeOperation({ kind: 'brightness', amount: 0.3 })).toBe('Brightness +30%');
    expect(describeOperation({ kind: 'warmth', amount: -0.2 })).toBe('Cooler (+20%)');
    expect(describeOperation({ kind: 'style', style: 'pop-art' })).toBe('Pop Art look');
  });
});
