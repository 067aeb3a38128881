import type { EditedImageRecord } from '@image-lab/contract';
import { MousePointerClick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { EditorImage } from '@/components/EditorImage';

/** The results of one request side by side (2×2 for four); clicking one continues with it. */
export function ResultGrid({
  images,
  selectedId,
  onChoose,
}: {
  images: EditedImageRecord[];
  selectedId: string | undefined;
  onChoose(record: EditedImageRecord): void;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="result-grid"
      className={cn(
        'grid size-full grid-cols-2 gap-2 p-2',
        images.length > 2 ? 'grid-rows-2' : 'grid-rows-1',
      )}
    >
      {images.map((image, i) => (
        <button
          key={image.id}
          type="button"
          onClick={() => onChoose(image)}
          aria-label={t('editor.grid.choose', { n: i + 1, total: images.length })}
          className={cn(
            'group relative min-h-0 cursor-pointer overflow-hidden rounded-lg bg-muted/60 outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring',
            image.id === selectedId && 'ring-2 ring-primary',
          )}
        >
          <EditorImage
            key={image.imageUrl}
            url={image.imageUrl}
            sizes="(min-width: 1024px) 30vw, 50vw"
            widths={[640, 960]}
            alt={t('editor.grid.alt', { n: i + 1, total: images.length })}
            className="size-full object-contain"
          />
          <span className="absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold tabular-nums text-white">
            {i + 1}/{images.length}
          </span>
          <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1.5 bg-gradient-to-t from-black/70 to-transparent px-2 pb-2 pt-6 text-xs font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 max-lg:opacity-100">
            <MousePointerClick className="size-3.5" />
            {t('editor.grid.clickToEdit')}
          </span>
        </button>
      ))}
    </div>
  );
}
