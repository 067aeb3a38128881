import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';

// The pieces the three full-screen viewers share (editor slideshow, gallery lightbox, shared
// project viewer): round buttons on a dark backdrop, wrapping arrows and a thumbnail strip.

export const viewerRoundButton =
  'grid size-11 cursor-pointer place-items-center rounded-full bg-white/10 text-white backdrop-blur transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';

/** Previous and next, at the image's left and right edges. */
export function ViewerArrows({
  onStep,
  previousLabel,
  nextLabel,
}: {
  onStep(delta: -1 | 1): void;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => onStep(-1)}
        aria-label={previousLabel}
        className={cn(viewerRoundButton, 'absolute left-2 top-1/2 -translate-y-1/2 sm:left-4')}
      >
        <ChevronLeft className="size-6" />
      </button>
      <button
        type="button"
        onClick={() => onStep(1)}
        aria-label={nextLabel}
        className={cn(viewerRoundButton, 'absolute right-2 top-1/2 -translate-y-1/2 sm:right-4')}
      >
        <ChevronRight className="size-6" />
      </button>
    </>
  );
}

/** Small images in a row; the current one is ringed, a click jumps to it. */
export function ThumbnailStrip({
  items,
  index,
  onIndex,
  goToLabel,
  ariaLabel,
  listRef,
  className,
}: {
  /** Each item's position in the whole list (the strip may show only a window of it). */
  items: { key: string; at: number; image: ReactNode }[];
  index: number;
  onIndex(at: number): void;
  goToLabel(n: number): string;
  ariaLabel?: string;
  listRef?: Ref<HTMLOListElement>;
  className?: string;
}) {
  return (
    <ol
      ref={listRef}
      aria-label={ariaLabel}
      className={cn('flex gap-2 overflow-x-auto px-4 py-3 scrollbar-none', className)}
    >
      {items.map(({ key, at, image }) => (
        <li key={key} className="shrink-0">
          <button
            type="button"
            onClick={() => onIndex(at)}
            aria-label={goToLabel(at + 1)}
            aria-current={at === index ? 'true' : undefined}
            className={cn(
              'block size-14 cursor-pointer overflow-hidden rounded-md opacity-60 ring-white transition hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-white',
              at === index && 'opacity-100 ring-2',
            )}
          >
            {image}
          </button>
        </li>
      ))}
    </ol>
  );
}
