import type { RawImage } from '@image-lab/engine';

/* eslint-disable @typescript-eslint/no-explicit-any -- opencv.js ships no usable types */
export async function openCv(): Promise<any> {
  const mod: any = (await import('@techstark/opencv-js')).default;
  // The module is a thenable resolving to itself: awaited as is, it never settles.
  return new Promise((resolve) =>
    mod.then((m: any) => {
      delete m.then;
      resolve(m);
    }),
  );
}

export function cvInpaint(cv: any, image: RawImage, hole: Uint8Array, flag: number): RawImage {
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data);
  const mask = cv.matFromArray(
    image.height,
    image.width,
    cv.CV_8UC1,
    hole.map((v) => (v ? 255 : 0)),
  );
  const dst = new cv.Mat();
  cv.inpaint(src, mask, dst, 5, flag);
  const out = { ...image, data: Buffer.from(dst.data) };
  src.delete();
  mask.delete();
  dst.delete();
  return out;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
