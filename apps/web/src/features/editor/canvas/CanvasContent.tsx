import type { EditedImageRecord } from '@image-lab/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorImage } from '@/components/EditorImage';
import { CompareSlider } from '../on-demand';
import { BlankCanvas } from './BlankCanvas';
import { ImageContextMenu } from './ImageContextMenu';
import { OriginalNotice } from './OriginalNotice';
import { ResultGrid } from './ResultGrid';

export type CanvasView = 'loading' | 'blank' | 'single' | 'grid' | 'compare';

/** What the canvas shows: nothing yet, the image, the results side by side, or before/after. */
export function CanvasContent({
  view,
  selected,
  batch,
  originalUrl,
  onBrowse,
  onChoose,
  onOpenSlideshow,
  overlay,
}: {
  view: CanvasView;
  selected: EditedImageRecord | undefined;
  batch: EditedImageRecord[];
  originalUrl: string | undefined;
  onBrowse(): void;
  onChoose(record: EditedImageRecord): void;
  onOpenSlideshow(): void;
  /** Drawn over the single picture: the change map, the selection. */
  overlay?: ReactNode;
}) {
  const { t } = useTranslation();
  if (view === 'loading') {
    return (
      <div
        role="status"
        aria-label={t('editor.canvas.loading')}
        className="size-full animate-pulse bg-muted/60"
      />
    );
  }
  if (view === 'blank' || !selected) {
    return (
      <div className="size-full p-3">
        <BlankCanvas onBrowse={onBrowse} />
      </div>
    );
  }
  if (view === 'grid') {
    return <ResultGrid images={batch} selectedId={selected.id} onChoose={onChoose} />;
  }
  if (view === 'compare' && originalUrl) {
    return <CompareSlider beforeUrl={originalUrl} afterUrl={selected.imageUrl} />;
  }
  return (
    <div className="relative size-full p-3" onDoubleClick={onOpenSlideshow}>
      <ImageContextMenu imageUrl={selected.imageUrl}>
        <EditorImage
          key={selected.imageUrl}
          url={selected.imageUrl}
          sizes="(min-width: 1024px) 60vw, 100vw"
          alt={t('editor.canvas.currentAlt')}
          data-testid="canvas-image"
          className="size-full object-contain drop-shadow-md"
        />
      </ImageContextMenu>
      <OriginalNotice record={selected} />
      {overlay}
    </div>
  );
}
