import { useEffect, useState } from 'react';
import { rewriteDevHostUrl } from '@/lib/gallery-utils';
import { changeMap, comparisonSize } from './change-map';

async function pixelsOf(url: string, width: number, height: number) {
  const res = await fetch(rewriteDevHostUrl(url), { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}`);
  const bitmap = await createImageBitmap(await res.blob());
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { canvas, data: context.getImageData(0, 0, width, height).data };
}

export type ChangeMapState =
  { status: 'off' | 'loading' | 'failed' } | { status: 'ready'; url: string; changedShare: number };

/** The change map of a result against its parent, computed in the browser while `on`. */
export function useChangeMap(
  afterUrl: string | undefined,
  beforeUrl: string | null | undefined,
  size: { width: number; height: number } | undefined,
  on: boolean,
): ChangeMapState {
  const width = size?.width ?? 0;
  const height = size?.height ?? 0;
  const key =
    on && afterUrl && beforeUrl && width && height
      ? `${beforeUrl}|${afterUrl}|${width}x${height}`
      : null;
  const [done, setDone] = useState<{ key: string; state: ChangeMapState } | null>(null);
  useEffect(() => {
    if (!key || !afterUrl || !beforeUrl) return;
    let cancelled = false;
    const compared = comparisonSize(width, height);
    const finish = (state: ChangeMapState) => !cancelled && setDone({ key, state });
    void (async () => {
      try {
        const [before, after] = await Promise.all([
          pixelsOf(beforeUrl, compared.width, compared.height),
          pixelsOf(afterUrl, compared.width, compared.height),
        ]);
        const map = changeMap(before.data, after.data);
        const context = after.canvas.getContext('2d')!;
        context.putImageData(new ImageData(map.overlay, compared.width, compared.height), 0, 0);
        finish({
          status: 'ready',
          url: after.canvas.toDataURL('image/png'),
          changedShare: map.changedShare,
        });
      } catch {
        finish({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, afterUrl, beforeUrl, width, height]);
  if (!key) return { status: 'off' };
  return done?.key === key ? done.state : { status: 'loading' };
}
