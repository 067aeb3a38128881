import type { GalleryItem } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckSquare, ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { forwardRef, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { GalleryImage } from '@/features/gallery/GalleryImage';
import {
  columnsForWidth,
  dedupeGalleryItems,
  rewriteDevHostUrl,
  stableTileHeight,
} from '@/lib/gallery-utils';
import { PRELOAD_COUNT, preloadImage } from '@/features/gallery/preload';
import { useWindowWidth } from '@/hooks/use-window-width';

import { GALLERY_LIST_KEY as GALLERY_QUERY_KEY } from '@/lib/query-keys';

export const PublicGallery = forwardRef<HTMLElement>(function PublicGallery(_props, ref) {
  const { t } = useTranslation();
  const width = useWindowWidth();
  const { data, isLoading, isError, refetch } = useQuery<GalleryItem[]>({
    queryKey: GALLERY_QUERY_KEY,
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const items = useMemo(() => dedupeGalleryItems(data ?? []), [data]);

  useEffect(() => {
    items.slice(0, PRELOAD_COUNT).forEach((item) => void preloadImage(rewriteDevHostUrl(item.url)));
  }, [items]);

  const columns = columnsForWidth(width);
  return (
    <section ref={ref} id="gallery" data-testid="public-gallery" className="scroll-mt-20 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 className="text-3xl font-bold tracking-tight">{t('landing.gallery.title')}</h2>
            <p className="mt-2 text-muted-foreground">{t('landing.gallery.subtitle')}</p>
          </div>
          {items.length > 0 && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled>
                <CheckSquare />
                {t('landing.gallery.selectAll')}
              </Button>
              <Button variant="outline" size="sm" disabled>
                <Trash2 />
                {t('landing.gallery.delete')}
              </Button>
            </div>
          )}
        </div>
        <div className="mt-8">
          {isLoading ? (
            <p
              className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
              role="status"
            >
              <Loader2 className="size-5 animate-spin" />
              {t('landing.gallery.loading')}
            </p>
          ) : isError ? (
            <div className="rounded-2xl border border-dashed p-10 text-center text-muted-foreground">
              <p>{t('landing.gallery.error')}</p>
              <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
                {t('landing.gallery.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyGallery />
          ) : (
            <div style={{ columnCount: columns }} className="gap-3 [column-fill:_balance]">
              {items.map((item) => (
                <figure
                  key={item.id}
                  className="mb-3 break-inside-avoid overflow-hidden rounded-xl border"
                >
                  <GalleryImage
                    url={item.url}
                    alt={item.prompt ?? item.filename}
                    height={stableTileHeight(item.id)}
                    retries={2}
                  />
                  <figcaption className="line-clamp-2 p-2 text-xs text-muted-foreground">
                    {item.prompt ?? item.filename}
                  </figcaption>
                </figure>
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
});

function EmptyGallery() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="gallery-empty"
      className="relative overflow-hidden rounded-3xl border border-dashed bg-card px-6 py-14 text-center"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 grid grid-cols-6 gap-3 p-3 opacity-40"
      >
        {Array.from({ length: 12 }, (_, i) => (
          <div
            key={i}
            className="rounded-xl bg-gradient-to-br from-primary/15 to-accent/10"
            style={{ height: stableTileHeight(String(i)) / 3 }}
          />
        ))}
      </div>
      <div className="relative mx-auto max-w-md">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl brand-gradient text-white shadow-lg">
          <ImagePlus className="size-7" />
        </span>
        <h3 className="mt-5 text-xl font-semibold">{t('landing.gallery.emptyTitle')}</h3>
        <p className="mt-2 text-muted-foreground">{t('landing.gallery.emptyBody')}</p>
        <Button asChild variant="gradient" className="mt-6">
          <Link href="/signup">{t('landing.gallery.emptyCta')}</Link>
        </Button>
      </div>
    </div>
  );
}
