import type { SharedProjectImage } from '@image-lab/contract';
import { ArrowLeft, ArrowRight, Download, Expand } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ViewerActions } from './SharedGrid';
import { SharedImage } from './SharedImage';
import { Thumbnails } from './Thumbnails';
import { useSharedCaption } from './shared-caption';

const sideButton =
  'absolute top-1/2 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full border bg-card/90 shadow-md backdrop-blur transition-colors hover:bg-card';

/** One large image (at most 600 px high), wrapping previous/next, its prompt and the strip. */
export function SharedSingle({
  images,
  index,
  onIndex,
  onStep,
  name,
  actions,
}: {
  images: SharedProjectImage[];
  index: number;
  onIndex(index: number): void;
  onStep(delta: -1 | 1): void;
  name: string;
  actions: ViewerActions;
}) {
  const { t } = useTranslation();
  const caption = useSharedCaption();
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  return (
    <section className="grid gap-3" data-testid="shared-single" aria-roledescription="carousel">
      <div className="relative flex min-h-48 items-center justify-center overflow-hidden rounded-2xl border bg-muted/40 p-2 sm:p-4">
        <SharedImage
          key={image.id}
          image={image}
          alt={caption(image) ?? t('share.page.imageAlt', { n: index + 1, name })}
          className="h-auto max-h-[600px] w-auto max-w-full rounded-lg object-contain"
          data-testid="shared-single-image"
        />
        {many && (
          <>
            <button
              type="button"
              onClick={() => onStep(-1)}
              aria-label={t('share.page.previous')}
              className={cn(sideButton, 'left-2 sm:left-4')}
            >
              <ArrowLeft className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => onStep(1)}
              aria-label={t('share.page.next')}
              className={cn(sideButton, 'right-2 sm:right-4')}
            >
              <ArrowRight className="size-5" />
            </button>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="text-sm font-medium tabular-nums" data-testid="shared-single-counter">
          {t('share.page.counter', { n: index + 1, total: images.length })}
        </span>
        {many && <span className="text-xs text-muted-foreground">{t('share.page.hint')}</span>}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={() => actions.onOpen(index)}>
            <Expand />
            {t('share.page.fullscreen')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => actions.onDownload(index)}>
            <Download />
            {t('share.page.download')}
          </Button>
        </div>
      </div>
      {caption(image) && (
        <div className="rounded-xl border bg-card p-4">
          {image.made === 'prompt' && (
            <h2 className="text-sm font-semibold">{t('share.page.prompt')}</h2>
          )}
          <p className="mt-1 text-sm text-muted-foreground">{caption(image)}</p>
        </div>
      )}
      <Thumbnails images={images} index={index} onIndex={onIndex} />
    </section>
  );
}
