import { describe, expect, it } from 'vitest';
import { turnedOutline } from './turned-outline.ts';

const W = 60;
const H = 80;

/** A vase seen from the side: a round body (rows 30–75) under a neck (rows 10–29), axis 30.5. */
function vase(): Uint8Array {
  const hard = new Uint8Array(W * H);
  for (let y = 10; y < 76; y++) {
    const half = y < 30 ? 5 : Math.round(6 + 14 * Math.sin(((y - 30) / 46) * Math.PI));
    for (let x = 31 - half; x < 30 + half; x++) hard[y * W + x] = 255;
  }
  return hard;
}

const count = (m: Uint8Array) => m.reduce((n, v) => n + (v ? 1 : 0), 0);

describe('the outline of something turned', () => {
  it('gets back a shoulder missed on one side and a patch missed inside', () => {
    const whole = vase();
    const missed = Uint8Array.from(whole);
    // The left shoulder (the sofa's white behind it) and a grey band inside.
    for (let y = 26; y < 40; y++) for (let x = 0; x < 27; x++) missed[y * W + x] = 0;
    for (let y = 60; y < 66; y++) for (let x = 20; x < 28; x++) missed[y * W + x] = 0;
    expect(count(missed)).toBeLessThan(count(whole) - 80);
    expect(turnedOutline(missed, W, H)).toBe(true);
    expect(Buffer.compare(Buffer.from(missed), Buffer.from(whole))).toBe(0);
  });

  it('leaves alone what is not symmetric: flowers leaning to one side', () => {
    const hard = vase();
    // Flowers leaning out to the right of the neck, a third as big as the vase.
    for (let y = 0; y < 30; y++) for (let x = 33; x < 60; x++) hard[y * W + x] = 255;
    const before = Uint8Array.from(hard);
    expect(turnedOutline(hard, W, H)).toBe(false);
    expect(Buffer.compare(Buffer.from(hard), Buffer.from(before))).toBe(0);
  });

  it('widens no row to a stray bit beside the object', () => {
    const hard = vase();
    // A speck of wall taken in 15 px right of the neck, apart from the vase.
    for (let y = 14; y < 18; y++) for (let x = 50; x < 54; x++) hard[y * W + x] = 255;
    const whole = vase();
    for (let y = 14; y < 18; y++) for (let x = 50; x < 54; x++) whole[y * W + x] = 255;
    expect(turnedOutline(hard, W, H)).toBe(true);
    // The neck's rows are the neck's width, not stretched out to the speck on both sides.
    expect(hard[15 * W + 15]).toBe(0);
    expect(Buffer.compare(Buffer.from(hard), Buffer.from(whole))).toBe(0);
  });

  it('does nothing to an empty mask', () => {
    expect(turnedOutline(new Uint8Array(W * H), W, H)).toBe(false);
  });
});
