import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { rewriteDevHostUrl, withCacheBust } from '@/lib/gallery-utils';

export const RETRY_DELAY_MS = 1000;

/**
 * An image tile: placeholder, then the image. A failed load is retried after 1 s with a
 * cache-busting query (`retries` times), then a faded placeholder explains the gap.
 */
export function GalleryImage({
  url,
  alt,
  height,
  retries = 1,
}: {
  url: string;
  alt: string;
  height: number;
  retries?: number;
}) {
  const { t } = useTranslation();
  const base = rewriteDevHostUrl(url);
  const [src, setSrc] = useState(base);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  const onError = () => {
    if (attempt >= retries) return setState('failed');
    const next = attempt + 1;
    setTimeout(() => {
      setAttempt(next);
      setSrc(withCacheBust(base, next));
    }, RETRY_DELAY_MS);
  };

  if (state === 'failed') {
    return (
      <div
        style={{ height }}
        className="flex flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-muted-foreground opacity-60"
      >
        <ImageOff className="size-6" />
        <p className="text-xs font-medium">{t('landing.gallery.unavailable')}</p>
        <p className="text-[11px]">{t('landing.gallery.unavailableHint')}</p>
      </div>
    );
  }
  return (
    <div style={{ height }} className="relative overflow-hidden bg-muted">
      {state === 'loading' && <div className="absolute inset-0 animate-pulse bg-muted" />}
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onLoad={() => setState('loaded')}
        onError={onError}
        className={cn(
          'size-full object-cover transition-opacity duration-300',
          state === 'loaded' ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
