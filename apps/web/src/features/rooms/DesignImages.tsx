import type { RoomUpload } from '@image-lab/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { designImages } from './api';
import { RemovalSummary, StyleReportLine } from './DesignReport';

/** Original, furniture removed and each style with its badge (Design History, shared page). */
export function DesignImages({
  design,
  compact = false,
  action,
}: {
  design: Pick<RoomUpload, 'id' | 'originalImageUrl' | 'processedImageUrl' | 'variations'> &
    Partial<Pick<RoomUpload, 'pieces'>>;
  compact?: boolean;
  /** Extra control under a variation (the room flow's 'Shop this look'). */
  action?: (variationId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'grid gap-3',
        compact ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
      )}
    >
      {designImages(design).map((image) => (
        <figure key={image.key} className="overflow-hidden rounded-xl border bg-muted/40">
          <div className="relative">
            <img
              src={image.url}
              alt={
                image.label === 'variation'
                  ? t('roomDesign.styleAlt', { style: t(`roomDesign.styles.${image.style}`) })
                  : t(`roomDesign.${image.label}`)
              }
              loading="lazy"
              className="aspect-[4/3] w-full object-cover"
            />
            <span
              data-testid="style-badge"
              className={cn(
                'absolute left-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow',
                image.label === 'variation'
                  ? 'brand-gradient text-white'
                  : 'bg-background/90 text-foreground',
              )}
            >
              {image.label === 'variation'
                ? t(`roomDesign.styles.${image.style}`)
                : t(`roomDesign.${image.label}`)}
            </span>
          </div>
          {image.label === 'removed' && design.pieces ? (
            <figcaption className="p-2">
              <RemovalSummary pieces={design.pieces} />
            </figcaption>
          ) : null}
          {image.label === 'variation' && (action || image.report !== undefined) ? (
            <figcaption className="grid gap-2 p-2">
              {image.report !== undefined ? (
                <StyleReportLine report={image.report} style={image.style} />
              ) : null}
              {action ? action(image.key) : null}
            </figcaption>
          ) : null}
        </figure>
      ))}
    </div>
  );
}

export function StatusBadge({ status }: { status: RoomUpload['status'] }) {
  const { t } = useTranslation();
  const tone = {
    completed: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
    processing: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
    uploaded: 'bg-muted text-muted-foreground',
    failed: 'bg-destructive/15 text-destructive',
  }[status];
  return (
    <span
      data-testid="status-badge"
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}
    >
      {t(`roomDesign.status.${status}`)}
    </span>
  );
}
