import type { EditedImageRecord } from '@image-lab/contract';
import { Download, ImageUp, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ThumbnailStrip, ViewerArrows, viewerRoundButton } from '@/components/viewer';
import { EditorImage } from '@/components/EditorImage';
import type { DownloadFormat } from '@/lib/images/image-urls';
import { wrapIndex } from '@/lib/wrap-index';
import { useStepText } from '../history/use-step-text';

/**
 * Full screen over the branch's images: arrows wrap, Escape or a click on the image closes, a
 * thumbnail strip jumps, and the image can be downloaded or sent back to the canvas.
 */
export function Slideshow({
  images,
  index,
  onIndex,
  onClose,
  onDownload,
  onSendToCanvas,
}: {
  images: EditedImageRecord[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
  onDownload(image: EditedImageRecord, format: DownloadFormat): void;
  onSendToCanvas(image: EditedImageRecord): void;
}) {
  const { t } = useTranslation();
  const textOf = useStepText();
  const current = images[index];
  const go = (delta: number) => onIndex(wrapIndex(index + delta, images.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  if (!current) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          data-testid="slideshow"
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">
              {textOf(current)}
            </Dialog.Title>
            <Dialog.Description className="text-xs tabular-nums text-white/70">
              {t('editor.slideshow.counter', { n: index + 1, total: images.length })}
            </Dialog.Description>
            <Dialog.Close aria-label={t('editor.slideshow.close')} className={viewerRoundButton}>
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20">
            <button
              type="button"
              onClick={onClose}
              aria-label={t('editor.slideshow.close')}
              className="flex size-full cursor-zoom-out items-center justify-center outline-none"
            >
              <EditorImage
                key={current.imageUrl}
                url={current.imageUrl}
                sizes="100vw"
                alt={textOf(current)}
                className="max-h-full max-w-full object-contain"
              />
            </button>
            {images.length > 1 && (
              <>
                <ViewerArrows
                  onStep={go}
                  previousLabel={t('editor.slideshow.previous')}
                  nextLabel={t('editor.slideshow.next')}
                />
              </>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-center gap-2 px-4 pt-3">
            {(['jpg', 'png'] as const).map((format) => (
              <Button
                key={format}
                size="sm"
                variant="ghost"
                className="bg-white/10 text-white hover:bg-white/20"
                onClick={() => onDownload(current, format)}
              >
                <Download />
                {t(`editor.download.${format}`)}
              </Button>
            ))}
            <Button
              size="sm"
              variant="ghost"
              className="bg-white/10 text-white hover:bg-white/20"
              onClick={() => onSendToCanvas(current)}
            >
              <ImageUp />
              {t('editor.slideshow.sendToCanvas')}
            </Button>
          </div>
          <ThumbnailStrip
            className="justify-center"
            items={images.map((image, at) => ({
              key: image.id,
              at,
              image: (
                <EditorImage
                  key={image.imageUrl}
                  url={image.imageUrl}
                  sizes="56px"
                  widths={[320]}
                  alt=""
                  className="size-full object-cover"
                />
              ),
            }))}
            index={index}
            onIndex={onIndex}
            goToLabel={(n) => t('editor.slideshow.goTo', { n })}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
