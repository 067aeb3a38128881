import type { FurnitureSegment, RoomUpload, SearchFurnitureResponse } from '@image-lab/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Loader2, Star, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { roomKey, searchSegment, segmentImage } from './api';

/** The selected variation with its furniture boxed; a click searches similar products. */
export function FurnitureShopping({
  uploadId,
  variationId,
  onBack,
  onNewUpload,
}: {
  uploadId: string;
  variationId: string;
  onBack(): void;
  onNewUpload(): void;
}) {
  const { t } = useTranslation();
  const design = useQuery<RoomUpload>({ queryKey: roomKey(uploadId) });
  const variation = design.data?.variations.find((v) => v.id === variationId);
  const segments = useQuery<FurnitureSegment[]>({
    queryKey: ['segment-room', variationId],
    queryFn: () => segmentImage(variationId),
    enabled: Boolean(variation),
    staleTime: Infinity,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const search = useMutation<SearchFurnitureResponse, Error, string>({
    mutationFn: searchSegment,
    onError: (error) =>
      toastError(t('roomDesign.searchFailed'), error, t('roomDesign.searchFailedBody')),
  });
  const pick = (segment: FurnitureSegment) => {
    setSelected(segment.id);
    search.mutate(segment.id);
  };

  if (design.isError || (design.data && !variation)) {
    return (
      <div className="py-16 text-center">
        <p className="text-muted-foreground">{t('roomDesign.variationMissing')}</p>
        <Button className="mt-4" onClick={onNewUpload}>
          {t('roomDesign.newUpload')}
        </Button>
      </div>
    );
  }
  const chosen = segments.data?.find((s) => s.id === selected);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold tracking-tight">
          {t('roomDesign.shoppingTitle')}
          {variation ? (
            <span className="ml-2 text-muted-foreground">
              · {t(`roomDesign.styles.${variation.style}`)}
            </span>
          ) : null}
        </h1>
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft />
          {t('roomDesign.backToVariations')}
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href="/subscribe">{t('roomDesign.subscribe')}</Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onNewUpload}>
          <Upload />
          {t('roomDesign.newUpload')}
        </Button>
      </div>
      <p className="rounded-xl bg-muted/60 px-4 py-2.5 text-sm text-muted-foreground">
        {t('roomDesign.hint')}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(280px,2fr)]">
        <div
          className="relative self-start overflow-hidden rounded-2xl border bg-muted"
          data-testid="shopping-room"
        >
          {variation ? (
            <img
              src={variation.imageUrl}
              alt={t(`roomDesign.styles.${variation.style}`)}
              className="block w-full"
            />
          ) : null}
          {/* Largest first, so a small piece on a large one (a vase on a sofa) stays on top
              and both can be pointed at. */}
          {[...(segments.data ?? [])]
            .sort(
              (a, b) =>
                b.boundingBox.width * b.boundingBox.height -
                a.boundingBox.width * a.boundingBox.height,
            )
            .map((segment) => (
              <button
                key={segment.id}
                type="button"
                data-testid="furniture-box"
                data-type={segment.furnitureType}
                aria-label={segment.furnitureType}
                onMouseEnter={() => setHovered(segment.id)}
                onMouseLeave={() => setHovered(null)}
                onFocus={() => setHovered(segment.id)}
                onBlur={() => setHovered(null)}
                onClick={() => pick(segment)}
                className={cn(
                  'absolute cursor-pointer rounded-md border-2 border-white/70 transition-colors',
                  hovered === segment.id && 'border-primary bg-primary/20',
                  selected === segment.id && 'border-primary bg-primary/25 ring-2 ring-primary',
                )}
                style={{
                  left: `${segment.boundingBox.x}%`,
                  top: `${segment.boundingBox.y}%`,
                  width: `${segment.boundingBox.width}%`,
                  height: `${segment.boundingBox.height}%`,
                }}
              >
                {hovered === segment.id ? (
                  <span
                    role="tooltip"
                    className="absolute -top-8 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs font-medium capitalize text-background shadow"
                  >
                    {segment.furnitureType}
                  </span>
                ) : null}
              </button>
            ))}
          {segments.isFetching ? (
            <div className="absolute inset-0 grid place-items-center bg-background/40">
              <span className="flex items-center gap-2 rounded-full bg-background px-3 py-1.5 text-sm shadow">
                <Loader2 className="size-4 animate-spin" />
                {t('roomDesign.findingFurniture')}
              </span>
            </div>
          ) : null}
          {segments.isError ? (
            <p className="p-3 text-sm text-destructive">{t('roomDesign.segmentationFailedBody')}</p>
          ) : null}
        </div>
        <section
          aria-labelledby="search-results"
          className="rounded-2xl border bg-card p-4"
          data-testid="search-results"
        >
          <h2 id="search-results" className="font-semibold">
            {t('roomDesign.searchResults')}
            {chosen ? (
              <span className="ml-2 capitalize text-muted-foreground">
                · {chosen.furnitureType}
              </span>
            ) : null}
          </h2>
          {search.data?.sampleData ? (
            <p className="mt-2 rounded-lg bg-amber-500/15 px-3 py-1.5 text-xs text-amber-800 dark:text-amber-200">
              {t('roomDesign.sampleData')}
            </p>
          ) : null}
          {search.isPending ? (
            <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" />
              {t('roomDesign.searching')}
            </p>
          ) : search.data ? (
            search.data.results.length === 0 ? (
              <p className="mt-6 text-sm text-muted-foreground">{t('roomDesign.noProducts')}</p>
            ) : (
              <ul className="mt-3 grid gap-2">
                {search.data.results.map((r) => (
                  <li key={r.id}>
                    <a
                      href={r.productUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="product-link"
                      className="flex gap-3 rounded-xl border p-2 hover:bg-muted"
                    >
                      <img
                        src={r.imageUrl}
                        alt=""
                        className="size-16 shrink-0 rounded-lg bg-muted object-cover"
                        loading="lazy"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{r.productName}</span>
                        <span className="block text-xs text-muted-foreground">{r.store}</span>
                        <span className="mt-1 flex items-center gap-2 text-sm">
                          <span className="font-semibold">{r.price}</span>
                          {r.rating !== null ? (
                            <span className="flex items-center gap-0.5 text-xs text-muted-foreground">
                              <Star className="size-3 fill-amber-400 text-amber-400" />
                              {r.rating.toFixed(1)}
                            </span>
                          ) : null}
                        </span>
                      </span>
                      <ExternalLink className="size-4 shrink-0 text-muted-foreground" />
                    </a>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <p className="mt-6 text-sm text-muted-foreground">{t('roomDesign.pickFurniture')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
