import type { EditedImageRecord } from '@image-lab/contract';
import { Check, Loader2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactCrop from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { optimizedSrc } from '@/lib/images/image-urls';
import {
  CROP_RATIOS,
  DEFAULT_CROP_RATIO,
  initialCrop,
  MIN_CROP_PX,
  ratioValue,
  type CropRatio,
  type PercentRect,
} from './crop-math';
import { useSaveCrop } from './use-save-crop';

/** Crop mode: a 16:9 frame over 70 % of the image; Apply saves a new image, Cancel leaves. */
export function CropEditor({
  image,
  sessionId,
  onSaved,
  onCancel,
}: {
  image: EditedImageRecord;
  sessionId: string;
  onSaved(record: EditedImageRecord): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [ratio, setRatio] = useState<CropRatio>(DEFAULT_CROP_RATIO);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<PercentRect | undefined>(undefined);
  const save = useSaveCrop(sessionId, onSaved);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);

  const chooseRatio = (next: CropRatio) => {
    setRatio(next);
    if (size) setCrop(initialCrop(next, size.width, size.height));
  };

  return (
    <div className="flex size-full flex-col" data-testid="crop-editor">
      <div className="grid min-h-0 flex-1 place-items-center p-3">
        <ReactCrop
          crop={crop}
          aspect={ratioValue(ratio)}
          minWidth={MIN_CROP_PX}
          minHeight={MIN_CROP_PX}
          keepSelection
          ruleOfThirds
          disabled={save.isPending}
          onChange={(_, percent) => setCrop(percent)}
          className="max-h-full"
        >
          <img
            src={optimizedSrc(image.imageUrl, 1920)}
            alt={t('editor.crop.imageAlt')}
            className="block max-h-[calc(var(--stage-h)-8.5rem)] w-auto max-w-full"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setSize({ width, height });
              setCrop(initialCrop(ratio, width, height));
            }}
          />
        </ReactCrop>
      </div>
      <div className="grid gap-2 border-t bg-card/90 px-3 py-2 backdrop-blur">
        <div className="overflow-x-auto scrollbar-none">
          <div
            role="radiogroup"
            aria-label={t('editor.crop.ratio')}
            className="mx-auto flex w-max gap-1"
          >
            {CROP_RATIOS.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={ratio === option}
                onClick={() => chooseRatio(option)}
                className={cn(
                  'h-7 shrink-0 cursor-pointer rounded-full border px-2.5 text-xs font-medium tabular-nums transition-colors hover:bg-muted',
                  ratio === option &&
                    'border-primary bg-primary text-primary-foreground hover:bg-primary',
                )}
              >
                {option === 'free' ? t('editor.crop.free') : option}
              </button>
            ))}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground max-sm:hidden">
            {t('editor.crop.hint')}
          </p>
          <Button variant="outline" size="sm" onClick={onCancel} className="max-sm:flex-1">
            <X />
            {t('editor.crop.cancel')}
          </Button>
          <Button
            size="sm"
            disabled={!crop || save.isPending}
            onClick={() => crop && save.mutate({ source: image, crop })}
            className="max-sm:flex-1"
          >
            {save.isPending ? <Loader2 className="animate-spin" /> : <Check />}
            {t('editor.crop.apply')}
          </Button>
        </div>
      </div>
    </div>
  );
}
