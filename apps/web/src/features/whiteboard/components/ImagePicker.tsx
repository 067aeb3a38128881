import type { EditedImageRecord } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { IMAGE_DRAG_TYPE } from '../drop';
import { thumbnailSrc } from '../use-konva-image';

/** The newest images offered; the board holds 500, a person picks a few at a time. */
const SHOWN_MAX = 120;
const EDITED_IMAGES_KEY = ['/api/edited-images'];

const onDragStart = (imageUrl: string) => (event: DragEvent) => {
  event.dataTransfer.setData(IMAGE_DRAG_TYPE, imageUrl);
  event.dataTransfer.setData('text/uri-list', new URL(imageUrl, window.location.origin).href);
  event.dataTransfer.effectAllowed = 'copy';
};

/** 'Add from your images': the account's images (GET /api/edited-images) to pick or drag. */
export function ImagePicker({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(imageUrls: string[]): void;
}) {
  const { t } = useTranslation();
  const images = useQuery<EditedImageRecord[]>({ queryKey: EDITED_IMAGES_KEY, enabled: open });
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (url: string) =>
    setPicked((list) => (list.includes(url) ? list.filter((u) => u !== url) : [...list, url]));
  const close = (next: boolean) => {
    if (!next) setPicked([]);
    onOpenChange(next);
  };
  const list = (images.data ?? []).slice(0, SHOWN_MAX);

  return (
    <Dialog.Root open={open} onOpenChange={close} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          data-testid="image-picker"
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-x-2 bottom-2 z-50 flex max-h-[min(70dvh,560px)] flex-col gap-3 rounded-2xl border bg-card p-4 text-foreground shadow-2xl outline-none sm:inset-x-auto sm:right-4 sm:top-24 sm:bottom-auto sm:w-96"
        >
          <div className="pr-8">
            <Dialog.Title className="text-base font-semibold">
              {t('whiteboard.picker.title')}
            </Dialog.Title>
            <Dialog.Description className="text-xs text-muted-foreground">
              {t('whiteboard.picker.description')}
            </Dialog.Description>
          </div>
          <div className="min-h-24 overflow-y-auto">
            {images.isPending ? (
              <p className="py-8 text-center text-sm text-muted-foreground">
                {t('whiteboard.loading')}
              </p>
            ) : list.length === 0 ? (
              <p className="py-8 text-center text-sm text-muted-foreground">
                {t('whiteboard.picker.empty')}
              </p>
            ) : (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {list.map((record) => {
                  const chosen = picked.includes(record.imageUrl);
                  return (
                    <li key={record.id}>
                      <button
                        type="button"
                        draggable
                        onDragStart={onDragStart(record.imageUrl)}
                        onClick={() => toggle(record.imageUrl)}
                        aria-pressed={chosen}
                        aria-label={record.prompt || record.imageUrl}
                        className={cn(
                          'relative block aspect-square w-full cursor-pointer overflow-hidden rounded-lg border-2 bg-muted',
                          chosen ? 'border-primary' : 'border-transparent hover:border-primary/40',
                        )}
                      >
                        <img
                          src={thumbnailSrc(record.imageUrl, 320)}
                          alt=""
                          loading="lazy"
                          className="size-full object-cover"
                        />
                        {chosen && (
                          <Check className="absolute right-1 top-1 size-4 rounded-full bg-primary p-0.5 text-primary-foreground" />
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <Button
            disabled={picked.length === 0}
            onClick={() => {
              onAdd(picked);
              close(false);
            }}
          >
            {t('whiteboard.picker.add', { count: picked.length })}
          </Button>
          <Dialog.Close
            aria-label={t('whiteboard.picker.close')}
            className="absolute right-3 top-3 grid size-8 cursor-pointer place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
