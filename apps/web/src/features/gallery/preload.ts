const cache = new Map<string, Promise<void>>();
const queue: (() => void)[] = [];
let active = 0;
export const PRELOAD_CONCURRENCY = 3;
export const PRELOAD_COUNT = 8;

function pump() {
  while (active < PRELOAD_CONCURRENCY && queue.length > 0) {
    active++;
    queue.shift()?.();
  }
}

/** Warms the browser cache for an image, at most three at a time, once per URL. */
export function preloadImage(url: string): Promise<void> {
  const cached = cache.get(url);
  if (cached) return cached;
  const promise = new Promise<void>((resolve) => {
    queue.push(() => {
      const img = new Image();
      const done = () => {
        active--;
        resolve();
        pump();
      };
      img.onload = done;
      img.onerror = done;
      img.src = url;
    });
    pump();
  });
  cache.set(url, promise);
  return promise;
}
