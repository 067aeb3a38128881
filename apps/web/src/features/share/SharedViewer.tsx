import type { SharedProjectImage } from '@image-lab/contract';
import { Download, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerArrows, viewerRoundButton } from '@/components/viewer';
import { SharedImage } from './SharedImage';
import { Thumbnails } from './Thumbnails';
import { useSharedCaption } from './shared-caption';

/** Fullscreen (foundations §2.11): 'n / total', download, close (Escape), wrapping arrows. */
export function SharedViewer({
  images,
  index,
  name,
  onIndex,
  onStep,
  onClose,
  onDownload,
}: {
  images: SharedProjectImage[];
  index: number;
  name: string;
  onIndex(index: number): void;
  onStep(delta: -1 | 1): void;
  onClose(): void;
  onDownload(index: number): void;
}) {
  const { t } = useTranslation();
  const caption = useSharedCaption();
  const image = images[index];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') onStep(-1);
    else if (event.key === 'ArrowRight') onStep(1);
    else return;
    event.preventDefault();
  };
  if (!image) return null;
  const many = images.length > 1;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          data-testid="shared-viewer"
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">
              {name}
            </Dialog.Title>
            <Dialog.Description
              className="text-sm tabular-nums text-white/80"
              data-testid="shared-viewer-counter"
            >
              {t('share.page.counter', { n: index + 1, total: images.length })}
            </Dialog.Description>
            <button
              type="button"
              onClick={() => onDownload(index)}
              aria-label={t('share.page.download')}
              className={viewerRoundButton}
            >
              <Download className="size-5" />
            </button>
            <Dialog.Close aria-label={t('share.page.close')} className={viewerRoundButton}>
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20">
            <SharedImage
              key={image.id}
              image={image}
              alt={caption(image) ?? t('share.page.imageAlt', { n: index + 1, name })}
              className="h-auto max-h-full w-auto max-w-full object-contain"
            />
            {many && (
              <>
                <ViewerArrows
                  onStep={onStep}
                  previousLabel={t('share.page.previous')}
                  nextLabel={t('share.page.next')}
                />
              </>
            )}
          </div>
          {caption(image) && (
            <p className="mx-auto max-w-3xl px-4 pt-3 text-center text-sm text-white/85">
              {caption(image)}
            </p>
          )}
          <div className="flex justify-center px-4 pb-2">
            <Thumbnails images={images} index={index} onIndex={onIndex} dark />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
