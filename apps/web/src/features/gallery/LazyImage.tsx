import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { loadStep } from './image-sources';
import { useInView } from './use-in-view';

/**
 * An image that loads when it nears the viewport: a blurred copy (or a pulsing skeleton) first,
 * then the sources in turn, one retry after 1 s, then a faded placeholder with 'Try again'.
 * `tone` picks the placeholder's words: the grid's 'no longer available', or the lightbox's.
 */
export function LazyImage({
  sources,
  placeholder,
  alt,
  retries = 1,
  eager = false,
  tone = 'grid',
  fit = 'cover',
  priority = false,
  className,
}: {
  sources: readonly string[];
  placeholder?: string;
  alt: string;
  retries?: number;
  eager?: boolean;
  tone?: 'grid' | 'lightbox';
  fit?: 'cover' | 'contain';
  /** Fetched before the others (the first tiles of the grid). */
  priority?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const inView = useInView(box, { skip: eager });
  const [attempt, setAttempt] = useState(0);
  const [src, setSrc] = useState(() => loadStep(sources, 0)?.src ?? null);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [blurShown, setBlurShown] = useState(Boolean(placeholder));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onError = () => {
    const next = attempt + 1;
    const step = loadStep(sources, next, retries);
    if (!step) return setStatus('failed');
    setAttempt(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSrc(step.src), step.delayMs);
  };
  const tryAgain = () => {
    setAttempt(0);
    setStatus('loading');
    setSrc(loadStep(sources, 0)?.src ?? null);
  };

  const contain = fit === 'contain';
  if (status === 'failed' || !src) {
    return (
      <div
        ref={box}
        role="img"
        aria-label={alt}
        className={cn(
          'flex flex-col items-center justify-center gap-2 bg-muted p-3 text-center text-muted-foreground',
          contain ? 'pointer-events-auto m-auto rounded-xl px-8 py-10' : 'size-full',
          className,
        )}
      >
        <CloudOff className="size-6 opacity-60" />
        <p className="text-xs font-medium opacity-80">
          {tone === 'grid' ? t('gallery.image.gone') : t('gallery.image.unavailable')}
        </p>
        {tone === 'grid' && <p className="text-[11px] opacity-60">{t('gallery.image.goneHint')}</p>}
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            tryAgain();
          }}
          className="pointer-events-auto relative z-10 inline-flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-foreground hover:bg-background/60"
        >
          <RefreshCw className="size-3.5" />
          {t('gallery.image.tryAgain')}
        </button>
      </div>
    );
  }
  return (
    <div
      ref={box}
      className={cn(
        'relative size-full overflow-hidden',
        // Around a contained image the clicks belong to what is behind (a lightbox's backdrop).
        contain && 'pointer-events-none flex items-center justify-center',
        className,
      )}
    >
      {status !== 'loaded' &&
        (placeholder && blurShown && inView ? (
          <img
            src={placeholder}
            alt=""
            aria-hidden="true"
            onError={() => setBlurShown(false)}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className={cn(
              'absolute animate-pulse',
              contain ? 'inset-[20%] rounded-xl bg-white/10' : 'inset-0 bg-muted',
            )}
          />
        ))}
      {inView && (
        <img
          src={src}
          alt={alt}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          draggable={false}
          onLoad={() => setStatus('loaded')}
          onError={onError}
          className={cn(
            'relative transition-opacity duration-300',
            contain
              ? 'pointer-events-auto max-h-full max-w-full object-contain'
              : 'size-full object-cover',
            status === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </div>
  );
}
