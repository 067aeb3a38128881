import type { EditedImageRecord } from '@image-lab/contract';
import { Check, Loader2, Palette, Upload } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EditorImage } from '@/components/EditorImage';
import { STYLE_TRANSFER_CREDITS } from '@/lib/contract-values';
import { IMAGE_ACCEPT } from '@/lib/images/file-checks';
import { useReferenceUpload } from './use-reference-upload';

/** Style transfer takes the colours of a reference: upload one, or pick one of your images. */
export function StyleTransferPicker({
  candidates,
  disabled,
  running,
  sessionId,
  onApply,
}: {
  candidates: EditedImageRecord[];
  disabled: boolean;
  running: boolean;
  sessionId: string;
  onApply(referenceImageUrl: string): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useReferenceUpload(sessionId, setReference);
  const apply = () => {
    if (!reference) return;
    setOpen(false);
    onApply(reference);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          className="flex h-10 min-w-0 cursor-pointer items-center gap-2 rounded-lg border bg-background px-2.5 text-left text-xs font-medium transition-colors hover:border-primary/50 hover:bg-primary/5 disabled:cursor-default disabled:opacity-50"
        >
          {running ? (
            <Loader2 className="size-3.5 shrink-0 animate-spin text-primary" />
          ) : (
            <Palette className="size-3.5 shrink-0" />
          )}
          <span className="line-clamp-2 leading-tight hyphens-auto [overflow-wrap:anywhere]">
            {t('editor.presets.names.style-transfer')}
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-72 rounded-xl border bg-card p-4 text-foreground shadow-xl"
        >
          <p className="text-sm font-semibold">{t('editor.styleTransfer.title')}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t('editor.styleTransfer.body')}</p>
          <p className="mt-1 text-xs font-medium" data-testid="style-transfer-cost">
            {t('editor.styleTransfer.cost', { count: STYLE_TRANSFER_CREDITS })}
          </p>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="hidden"
            data-testid="reference-file-input"
            onChange={(event) => {
              upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outline"
            size="sm"
            className="mt-3 w-full"
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? <Loader2 className="animate-spin" /> : <Upload />}
            {t('editor.styleTransfer.upload')}
          </Button>
          {candidates.length > 0 && (
            <>
              <p className="mt-3 text-xs font-medium text-muted-foreground">
                {t('editor.styleTransfer.pick')}
              </p>
              <div className="mt-1.5 grid grid-cols-4 gap-1.5">
                {candidates.map((image) => (
                  <button
                    key={image.id}
                    type="button"
                    onClick={() => setReference(image.imageUrl)}
                    aria-pressed={reference === image.imageUrl}
                    aria-label={t('editor.styleTransfer.useImage')}
                    className={cn(
                      'relative aspect-square cursor-pointer overflow-hidden rounded-md bg-muted outline-none ring-primary focus-visible:ring-2',
                      reference === image.imageUrl && 'ring-2',
                    )}
                  >
                    <EditorImage
                      key={image.imageUrl}
                      url={image.imageUrl}
                      sizes="64px"
                      widths={[320]}
                      alt=""
                      className="size-full object-cover"
                    />
                    {reference === image.imageUrl && (
                      <Check className="absolute right-1 top-1 size-4 rounded-full bg-primary p-0.5 text-primary-foreground" />
                    )}
                  </button>
                ))}
              </div>
            </>
          )}
          <Button className="mt-4 w-full" disabled={!reference || running} onClick={apply}>
            {t('editor.styleTransfer.apply')}
          </Button>
          <Popover.Arrow className="fill-card" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
