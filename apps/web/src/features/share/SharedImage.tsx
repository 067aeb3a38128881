import type { SharedProjectImage } from '@image-lab/contract';
import { ImageMinus } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Foundations §4: a failed load is retried once after 1 s with a cache-busting query. */
const RETRY_MS = 1000;

/**
 * One image of a shared project, with its size given up front (no layout shift). The shared
 * addresses go through the link, so optimize-image (which reads only /uploads) cannot resize
 * them; they load lazily instead. An image that cannot be had shows the catalogue's placeholder.
 */
export function SharedImage({
  image,
  className,
  width,
  height,
  ...props
}: { image: SharedProjectImage } & Omit<ComponentProps<'img'>, 'src'>) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(!image.imageUrl);
  useEffect(() => {
    if (attempt !== 1) return;
    const timer = setTimeout(() => setAttempt(2), RETRY_MS);
    return () => clearTimeout(timer);
  }, [attempt]);
  if (failed) return <Unavailable className={className} />;
  const src = attempt === 2 ? `${image.imageUrl}?retry=1` : image.imageUrl;
  return (
    <img
      {...props}
      src={attempt === 1 ? undefined : src}
      width={width ?? image.width}
      height={height ?? image.height}
      decoding="async"
      draggable={false}
      onError={() => (attempt === 0 ? setAttempt(1) : setFailed(true))}
      className={cn('bg-muted', className)}
    />
  );
}

function Unavailable({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t('share.page.unavailable')}
      className={cn(
        'flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-muted p-4 text-center text-muted-foreground opacity-70',
        className,
      )}
    >
      <ImageMinus className="size-6" />
      <p className="text-sm font-medium">{t('share.page.unavailable')}</p>
      <p className="text-xs">{t('share.page.premigration')}</p>
      <p className="max-w-56 text-[11px] leading-snug">{t('share.page.premigrationBody')}</p>
    </div>
  );
}
