import { useEffect, useState } from 'react';

const loaded = new Map<string, HTMLImageElement>();
const pending = new Map<string, Promise<HTMLImageElement>>();

/** One download per address for the whole board, however many items show it. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  const done = loaded.get(src);
  if (done) return Promise.resolve(done);
  let promise = pending.get(src);
  if (!promise) {
    promise = new Promise<HTMLImageElement>((resolve, reject) => {
      const image = new window.Image();
      image.decoding = 'async';
      image.onload = () => {
        loaded.set(src, image);
        resolve(image);
      };
      image.onerror = () => reject(new Error(`could not load ${src}`));
      image.src = src;
    }).finally(() => pending.delete(src));
    pending.set(src, promise);
  }
  return promise;
}

/** A thumbnail from optimize-image; on failure the original file; null while nothing loaded. */
export const thumbnailSrc = (imageUrl: string, width: number) =>
  `/api/optimize-image?url=${encodeURIComponent(imageUrl)}&w=${width}`;

/**
 * The image for a Konva node. While a sharper copy loads (after zooming in), the one already
 * shown stays, so nothing flickers.
 */
export function useKonvaImage(src: string, fallback: string): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(() => loaded.get(src) ?? null);
  useEffect(() => {
    let live = true;
    loadImage(src)
      .catch(() => loadImage(fallback))
      .then(
        (next) => live && setImage(next),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [src, fallback]);
  return image;
}
