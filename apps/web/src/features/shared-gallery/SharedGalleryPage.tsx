import type { SharedGalleryItem } from '@image-lab/contract';
import { GalleryThumbnails, Loader2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stableTileHeight } from '@/lib/gallery-utils';
import { Lightbox, type LightboxItem } from '@/features/gallery/Lightbox';
import { useSaveFile } from '@/features/gallery/save-file';
import { useTileText } from '@/features/gallery/tile-text';
import { VirtualMasonry } from '@/features/gallery/VirtualMasonry';
import { countShared, shareFailure, useSharedGallery } from './shared-api';
import { SharedEmpty, ShareProblem, TryImageChat } from './SharedStates';
import { CAPTION_PX, SharedTile } from './SharedTile';

// The items carry no dimensions: each gets a stable height of 200–400 px at a 250 px column
// (working areas §9), scaled to the real column width.
const heightOf = (item: SharedGalleryItem, columnWidth: number) =>
  (stableTileHeight(item.id) * columnWidth) / 250 + CAPTION_PX;
const keyOf = (item: SharedGalleryItem) => item.id;

/** /shared/{shareToken}: someone's gallery, for anyone with the link (foundations §2.12). */
export function SharedGalleryPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const text = useTileText();
  const save = useSaveFile();
  const gallery = useSharedGallery(token);
  const { items } = gallery;
  const [openAt, setOpenAt] = useState<number | null>(null);
  const counts = useMemo(() => countShared(items), [items]);
  const open = useCallback((index: number) => setOpenAt(index), []);
  const lightboxItems = useMemo<LightboxItem[]>(
    () =>
      items.map((item) => ({
        id: item.id,
        title: text.title(item),
        subtitle: text.date(item.createdAt),
        sources: [item.imageUrl],
        thumb: item.imageUrl,
      })),
    [items, text],
  );

  if (!token.trim()) return <ShareProblem kind="invalid" />;
  if (gallery.isPending) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-24 text-muted-foreground"
      >
        <Loader2 className="size-5 animate-spin" />
        {t('sharedGallery.loading')}
      </p>
    );
  }
  if (gallery.isError && items.length === 0)
    return <ShareProblem kind={shareFailure(gallery.error)} />;

  const stats = [
    { key: 'total', value: counts.total },
    { key: 'uploaded', value: counts.uploaded },
    { key: 'generated', value: counts.generated },
  ] as const;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-2xl brand-gradient text-white shadow-lg">
            <GalleryThumbnails className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('sharedGallery.title')}
            </h1>
            {gallery.sharedAt && (
              <p className="text-sm text-muted-foreground">
                {t('sharedGallery.sharedOn', { date: text.date(gallery.sharedAt, 'long') })}
              </p>
            )}
          </div>
        </div>
        <TryImageChat variant="outline" />
      </header>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="shared-counts">
        {stats.map((stat) => (
          <div
            key={stat.key}
            className="rounded-2xl border bg-card p-3 text-center shadow-sm sm:p-4"
          >
            <dt className="text-xs text-muted-foreground sm:text-sm">
              {t(`sharedGallery.counts.${stat.key}`)}
            </dt>
            <dd
              className="mt-1 text-2xl font-semibold tabular-nums"
              data-testid={`count-${stat.key}`}
            >
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      {items.length === 0 ? (
        <SharedEmpty />
      ) : (
        <VirtualMasonry
          items={items}
          keyOf={keyOf}
          heightOf={heightOf}
          label={t('sharedGallery.gridLabel')}
        >
          {(item, index) => <SharedTile item={item} index={index} onOpen={open} />}
        </VirtualMasonry>
      )}
      {openAt !== null && lightboxItems[openAt] && (
        <Lightbox
          items={lightboxItems}
          index={openAt}
          onIndex={setOpenAt}
          onClose={() => setOpenAt(null)}
          onDownload={(shown) => {
            const item = items.find((i) => i.id === shown.id);
            if (item) void save(item.imageUrl, item.filename);
          }}
        />
      )}
    </div>
  );
}
