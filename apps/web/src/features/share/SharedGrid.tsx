import type { SharedProjectImage } from '@image-lab/contract';
import { Download, Expand, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { estimatedHeight, GRID_ESTIMATE_WIDTH } from './shared-project-utils';
import { SharedImage } from './SharedImage';
import { useSharedCaption } from './shared-caption';

export interface ViewerActions {
  onOpen(index: number): void;
  onDownload(index: number): void;
  onShare(): void;
}

function OverlayButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="pointer-events-auto grid size-9 cursor-pointer place-items-center rounded-full bg-white/15 text-white backdrop-blur transition-colors hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
    >
      {children}
    </button>
  );
}

/** Masonry (the default view): each image opens the fullscreen viewer; hover shows its prompt. */
export function SharedGrid({
  images,
  name,
  actions,
}: {
  images: SharedProjectImage[];
  name: string;
  actions: ViewerActions;
}) {
  const { t } = useTranslation();
  const caption = useSharedCaption();
  return (
    <ul
      className="columns-1 gap-4 sm:columns-2 lg:columns-3 xl:columns-4"
      data-testid="shared-grid"
    >
      {images.map((image, i) => (
        <li
          key={image.id}
          className="group relative mb-4 break-inside-avoid overflow-hidden rounded-xl border bg-card shadow-sm"
        >
          <button
            type="button"
            onClick={() => actions.onOpen(i)}
            aria-label={t('share.page.openImage', { n: i + 1 })}
            className="block w-full cursor-zoom-in outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            <SharedImage
              image={image}
              alt={caption(image) ?? t('share.page.imageAlt', { n: i + 1, name })}
              loading={i < 8 ? 'eager' : 'lazy'}
              width={GRID_ESTIMATE_WIDTH}
              height={estimatedHeight(image.width, image.height)}
              className="h-auto w-full"
            />
          </button>
          <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end gap-2 bg-gradient-to-t from-black/80 via-black/40 to-transparent p-3 pt-10 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
            <p className="line-clamp-2 min-w-0 flex-1 text-sm text-white">{caption(image) ?? ''}</p>
            <OverlayButton label={t('share.page.download')} onClick={() => actions.onDownload(i)}>
              <Download className="size-4" />
            </OverlayButton>
            <OverlayButton label={t('share.page.fullscreen')} onClick={() => actions.onOpen(i)}>
              <Expand className="size-4" />
            </OverlayButton>
            <OverlayButton label={t('share.page.share')} onClick={actions.onShare}>
              <Share2 className="size-4" />
            </OverlayButton>
          </div>
        </li>
      ))}
    </ul>
  );
}
