import { Download, ImageUp, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ThumbnailStrip, ViewerArrows, viewerRoundButton } from '@/components/viewer';
import { wrapIndex } from '@/lib/wrap-index';
import { LazyImage } from './LazyImage';

export interface LightboxItem {
  id: string;
  title: string;
  subtitle?: string;
  /** Best first; the next is tried when one fails. */
  sources: readonly string[];
  thumb: string;
}

/** Thumbnails either side of the current one: the strip stays small in a gallery of thousands. */
const STRIP_REACH = 12;

const barButton = 'bg-white/10 text-white hover:bg-white/20 focus-visible:outline-white';

/**
 * Full screen: close, previous/next with wrap-around (only with more than one image), 'n of
 * total', a thumbnail strip, Download and, when given, 'Send to Edit'. A click on the backdrop
 * or Escape closes.
 */
export function Lightbox({
  items,
  index,
  onIndex,
  onClose,
  onDownload,
  onSendToEdit,
}: {
  items: readonly LightboxItem[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
  onDownload(item: LightboxItem): void;
  onSendToEdit?(item: LightboxItem): void;
}) {
  const { t } = useTranslation();
  const current = items[index];
  const several = items.length > 1;
  const strip = useRef<HTMLOListElement>(null);
  const go = (delta: number) => onIndex(wrapIndex(index + delta, items.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-current="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [index]);
  if (!current) return null;
  const from = Math.max(0, index - STRIP_REACH);
  const nearby = items.slice(from, index + STRIP_REACH + 1);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          data-testid="lightbox"
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-sm font-medium">{current.title}</Dialog.Title>
              {current.subtitle && (
                <p className="truncate text-xs text-white/60">{current.subtitle}</p>
              )}
            </div>
            <Dialog.Description className="shrink-0 text-xs tabular-nums text-white/70">
              {t('gallery.lightbox.counter', { n: index + 1, total: items.length })}
            </Dialog.Description>
            <Dialog.Close aria-label={t('gallery.lightbox.close')} className={viewerRoundButton}>
              <X className="size-5" />
            </Dialog.Close>
          </div>
          <div
            data-testid="lightbox-backdrop"
            onClick={(event) => event.target === event.currentTarget && onClose()}
            className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20"
          >
            <LazyImage
              key={current.id}
              sources={current.sources}
              alt={current.title}
              eager
              tone="lightbox"
              fit="contain"
            />
            {several && (
              <>
                <ViewerArrows
                  onStep={go}
                  previousLabel={t('gallery.lightbox.previous')}
                  nextLabel={t('gallery.lightbox.next')}
                />
              </>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-center gap-2 px-4 pt-3">
            <Button
              size="sm"
              variant="ghost"
              className={barButton}
              onClick={() => onDownload(current)}
            >
              <Download />
              {t('gallery.lightbox.download')}
            </Button>
            {onSendToEdit && (
              <Button
                size="sm"
                variant="ghost"
                className={barButton}
                onClick={() => onSendToEdit(current)}
              >
                <ImageUp />
                {t('gallery.lightbox.sendToEdit')}
              </Button>
            )}
          </div>
          {several && (
            <ThumbnailStrip
              listRef={strip}
              ariaLabel={t('gallery.lightbox.thumbnails')}
              className="sm:justify-center"
              items={nearby.map((item, offset) => ({
                key: item.id,
                at: from + offset,
                image: (
                  <img
                    src={item.thumb}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ),
              }))}
              index={index}
              onIndex={onIndex}
              goToLabel={(n) => t('gallery.lightbox.goTo', { n })}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
