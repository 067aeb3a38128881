import { GalleryVerticalEnd, Sofa } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { readSelection, saveSelection, type RoomSelection } from './api';
import { FurnitureShopping } from './FurnitureShopping';
import { RoomProcessingStep } from './RoomProcessingStep';
import { RoomResults } from './RoomResults';
import { RoomUploadStep } from './RoomUploadStep';

type Step = 'upload' | 'processing' | 'gallery' | 'shopping';

function firstStep(selection: RoomSelection): Step {
  if (selection.uploadId && selection.variationId) return 'shopping';
  return selection.uploadId ? 'gallery' : 'upload';
}

/**
 * /furniture-shopping: the room flow (upload → processing → gallery of styles) and shopping a
 * chosen style. The selection lives in local storage (selectedUploadId, selectedVariationId),
 * so shopping opens where it was left; a URL ?new starts over.
 */
export function RoomDesignPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<RoomSelection>(() => {
    if (new URLSearchParams(window.location.search).has('new')) {
      saveSelection({ uploadId: null, variationId: null });
    }
    return readSelection();
  });
  const [step, setStep] = useState<Step>(() => firstStep(selection));

  const select = useCallback((next: RoomSelection, nextStep: Step) => {
    saveSelection(next);
    setSelection(next);
    setStep(nextStep);
  }, []);
  const reset = useCallback(
    () => select({ uploadId: null, variationId: null }, 'upload'),
    [select],
  );
  const toGallery = useCallback(() => setStep('gallery'), []);
  const toProcessing = useCallback(() => setStep('processing'), []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {step !== 'shopping' ? (
        <div className="mb-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <Sofa className="size-6 text-primary" />
              {t('roomDesign.title')}
            </h1>
            {/* The room designs made so far (/gallery), named as such. */}
            {signedIn && (
              <Button asChild variant="outline" size="sm">
                <Link href="/gallery">
                  <GalleryVerticalEnd />
                  {t('roomDesign.viewHistory')}
                </Link>
              </Button>
            )}
          </div>
          <p className="mt-1 text-muted-foreground">{t('roomDesign.subtitle')}</p>
          <ol className="mt-4 flex gap-2 text-xs font-medium" aria-label={t('roomDesign.steps')}>
            {(['upload', 'processing', 'gallery'] as const).map((s, i) => (
              <li
                key={s}
                aria-current={s === step ? 'step' : undefined}
                className={
                  s === step
                    ? 'rounded-full bg-primary px-3 py-1 text-primary-foreground'
                    : 'rounded-full bg-muted px-3 py-1 text-muted-foreground'
                }
              >
                {i + 1}. {t(`roomDesign.step.${s}`)}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {step === 'upload' ? (
        <RoomUploadStep
          onUploaded={(uploadId) => select({ uploadId, variationId: null }, 'processing')}
        />
      ) : null}
      {step === 'processing' && selection.uploadId ? (
        <RoomProcessingStep
          uploadId={selection.uploadId}
          signedIn={signedIn}
          onDone={toGallery}
          onFailed={reset}
        />
      ) : null}
      {step === 'gallery' && selection.uploadId ? (
        <RoomResults
          uploadId={selection.uploadId}
          signedIn={signedIn}
          onShop={(variationId) =>
            select({ uploadId: selection.uploadId, variationId }, 'shopping')
          }
          onNotProcessed={toProcessing}
        />
      ) : null}
      {step === 'shopping' && selection.uploadId && selection.variationId ? (
        <FurnitureShopping
          uploadId={selection.uploadId}
          variationId={selection.variationId}
          onBack={() => select({ uploadId: selection.uploadId, variationId: null }, 'gallery')}
          onNewUpload={reset}
        />
      ) : null}
    </div>
  );
}
