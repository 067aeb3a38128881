import type { SharedGalleryItem } from '@image-lab/contract';
import { Download } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/card';
import { LazyImage } from '@/features/gallery/LazyImage';
import { useTileText } from '@/features/gallery/tile-text';
import { cn } from '@/lib/utils';

/** Height of the words under each image (badge, prompt on two lines, date). */
export const CAPTION_PX = 104;

/** One image of a shared gallery: badge, prompt and date, download on hover, click to enlarge. */
export const SharedTile = memo(function SharedTile({
  item,
  index,
  onOpen,
}: {
  item: SharedGalleryItem;
  index: number;
  onOpen(index: number): void;
}) {
  const { t } = useTranslation();
  const text = useTileText();
  const title = text.title(item);
  const original = item.imageType === 'upload';
  return (
    <figure
      data-testid="shared-tile"
      className="group relative flex size-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <button
        type="button"
        onClick={() => onOpen(index)}
        aria-label={t('sharedGallery.open', { title })}
        className="relative min-h-0 flex-1 cursor-zoom-in overflow-hidden bg-muted outline-none focus-visible:ring-3 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <LazyImage key={item.imageUrl} sources={[item.imageUrl]} alt={title} />
      </button>
      <a
        href={item.imageUrl}
        download={item.filename}
        aria-label={t('sharedGallery.download', { title })}
        title={t('sharedGallery.downloadShort')}
        className="absolute right-2 top-2 grid size-9 place-items-center rounded-lg bg-black/55 text-white opacity-0 transition-opacity hover:bg-black/70 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-white group-hover:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <Download className="size-4" />
      </a>
      <figcaption className="grid content-start gap-1 p-2.5" style={{ height: CAPTION_PX }}>
        <Badge
          className={cn(
            'w-fit',
            original
              ? 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300'
              : 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-300',
          )}
        >
          {original ? t('sharedGallery.original') : t('sharedGallery.generated')}
        </Badge>
        <p className="line-clamp-2 text-xs leading-snug" title={title}>
          {title}
        </p>
        <time dateTime={item.createdAt} className="truncate text-[11px] text-muted-foreground">
          {text.date(item.createdAt)}
        </time>
      </figcaption>
    </figure>
  );
});
