import type { RawImage } from '../raw-image.ts';
import type { CameraMotion } from './camera-motion.ts';

/** How far the camera moves in: the frame at the far end of a zoom shows 1/1.2 of the image. */
export const MAX_ZOOM = 1.2;

/** The part of the source shown in one frame, in source pixels (fractional: no rounding). */
export interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Slow start, slow stop: the camera never jerks into or out of its move. */
export function easeInOut(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 0.5 - 0.5 * Math.cos(Math.PI * clamped);
}

/**
 * The window at time t (0 first frame, 1 last) of a move over a source `width` x `height`
 * that holds the frame at MAX_ZOOM. Zooms change scale geometrically (the same apparent speed
 * throughout) about the centre; pans travel the spare margin at the closest zoom.
 */
export function windowAt(motion: CameraMotion, t: number, width: number, height: number): Window {
  const e = easeInOut(t);
  const zoomAt = (from: number, to: number) =>
    Math.exp(Math.log(from) + (Math.log(to) - Math.log(from)) * e);
  let zoom = MAX_ZOOM;
  if (motion === 'zoom-in') zoom = zoomAt(1, MAX_ZOOM);
  else if (motion === 'zoom-out') zoom = zoomAt(MAX_ZOOM, 1);
  const w = width / zoom;
  const h = height / zoom;
  const spareX = width - w;
  const spareY = height - h;
  // "Pan left" turns the camera left: the view travels toward the image's left edge.
  switch (motion) {
    case 'pan-left':
      return { x: spareX * (1 - e), y: spareY / 2, width: w, height: h };
    case 'pan-right':
      return { x: spareX * e, y: spareY / 2, width: w, height: h };
    case 'pan-up':
      return { x: spareX / 2, y: spareY * (1 - e), width: w, height: h };
    case 'pan-down':
      return { x: spareX / 2, y: spareY * e, width: w, height: h };
    default:
      return { x: spareX / 2, y: spareY / 2, width: w, height: h };
  }
}

interface Taps {
  index0: Int32Array;
  index1: Int32Array;
  weight: Float32Array;
}

/** For each output column (or row): the two source samples around it and the blend. */
function taps(outSize: number, start: number, span: number, sourceSize: number): Taps {
  const index0 = new Int32Array(outSize);
  const index1 = new Int32Array(outSize);
  const weight = new Float32Array(outSize);
  const step = span / outSize;
  for (let o = 0; o < outSize; o++) {
    const s = Math.min(sourceSize - 1, Math.max(0, start + (o + 0.5) * step - 0.5));
    const i = Math.floor(s);
    index0[o] = i;
    index1[o] = Math.min(sourceSize - 1, i + 1);
    weight[o] = s - i;
  }
  return { index0, index1, weight };
}

/**
 * One frame: the window resampled to `outWidth` x `outHeight` with bilinear weights computed
 * from its exact, fractional position, so the picture glides instead of stepping pixel by
 * pixel (the jitter of integer crops). The source is prepared at MAX_ZOOM x the frame size,
 * so a frame never magnifies it and shrinks it by at most 1.2x.
 */
export function renderFrame(
  source: RawImage,
  window: Window,
  outWidth: number,
  outHeight: number,
  out: Buffer = Buffer.allocUnsafe(outWidth * outHeight * 3),
): Buffer {
  const { data, width: sw, height: sh } = source;
  const cols = taps(outWidth, window.x, window.width, sw);
  const rows = taps(outHeight, window.y, window.height, sh);
  const stride = sw * 3;
  let o = 0;
  for (let y = 0; y < outHeight; y++) {
    const row0 = rows.index0[y]! * stride;
    const row1 = rows.index1[y]! * stride;
    const fy = rows.weight[y]!;
    for (let x = 0; x < outWidth; x++) {
      const a = cols.index0[x]! * 3;
      const b = cols.index1[x]! * 3;
      const fx = cols.weight[x]!;
      for (let c = 0; c < 3; c++) {
        const top = data[row0 + a + c]! + (data[row0 + b + c]! - data[row0 + a + c]!) * fx;
        const bottom = data[row1 + a + c]! + (data[row1 + b + c]! - data[row1 + a + c]!) * fx;
        out[o++] = top + (bottom - top) * fy + 0.5;
      }
    }
  }
  return out;
}
