import type { EditedImageRecord } from '@image-lab/contract';
import { useState } from 'react';
import type { CanvasView } from './canvas/CanvasContent';
import { batchOf } from './history/history-tree';
import type { useEditorSelection } from './history/use-editor-selection';

export type ViewChoice = 'single' | 'grid' | 'compare';

/**
 * What the canvas shows: one image, its batch as a grid, or a comparison with the original; and
 * whether the crop or the slideshow is open over it.
 */
export function useCanvasView(
  { tree, selected, branch, select }: ReturnType<typeof useEditorSelection>,
  waiting: boolean,
) {
  const [view, setView] = useState<ViewChoice>('single');
  const [cropping, setCropping] = useState(false);
  const [slideshowAt, setSlideshowAt] = useState<number | null>(null);

  const batch = selected ? batchOf(tree, selected.id) : [];
  const originalUrl = branch.index > 0 ? branch.steps[0]?.imageUrl : undefined;
  const canvasView: CanvasView = waiting
    ? 'loading'
    : !selected
      ? 'blank'
      : view === 'compare' && originalUrl
        ? 'compare'
        : view === 'grid' && batch.length > 1
          ? 'grid'
          : 'single';

  return {
    setView,
    cropping,
    setCropping,
    slideshowAt,
    setSlideshowAt,
    batch,
    originalUrl,
    canvasView,
    /** Shows an image; a grid gives way to it. */
    choose(record: EditedImageRecord) {
      select(record);
      if (view === 'grid') setView('single');
    },
    /** Shows a new image (an upload, a crop) as the tip of its branch. */
    showNew(record: EditedImageRecord) {
      select(record, record.id);
      setView('single');
    },
    openSlideshow() {
      if (selected) setSlideshowAt(Math.max(0, branch.index));
    },
    /** Leaves the grid after a step through the history. */
    afterStep() {
      if (view === 'grid') setView('single');
    },
  };
}
