import { MORE_STYLES_TOKENS } from '@image-lab/contract/catalogue';
import type { RoomUpload as Design } from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Palette, ShoppingBag } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useUserStats } from '@/features/credits/use-user-stats';
import { toast } from '@/hooks/use-toast';
import { toastError } from '@/lib/api';
import { roomKey, requestMoreStyles } from './api';
import { DesignImages } from './DesignImages';
import { EngineNote } from './DesignReport';

/** Step 3: the results, a way to shop each style, and 'More styles'. */
export function RoomResults({
  uploadId,
  signedIn,
  onShop,
  onNotProcessed,
}: {
  uploadId: string;
  signedIn: boolean;
  onShop(variationId: string): void;
  /** A design opened from the history that still needs (or failed) processing. */
  onNotProcessed(): void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const design = useQuery<Design>({ queryKey: roomKey(uploadId) });
  const stats = useUserStats(signedIn);
  const more = useMutation({
    mutationFn: () => requestMoreStyles(uploadId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKey(uploadId) }),
    onError: (error) => toastError(t('roomDesign.moreFailed'), error),
  });

  const status = design.data?.status;
  useEffect(() => {
    if (status && status !== 'completed') onNotProcessed();
  }, [status, onNotProcessed]);

  function askForMore() {
    const s = stats.data;
    // The premium room upgrade makes more styles free; otherwise a plan and 10 tokens.
    const allowed = s?.premiumRooms || (s?.subscribed && s.creditsRemaining >= MORE_STYLES_TOKENS);
    if (!signedIn || !allowed) {
      toast({
        title: t('roomDesign.notEnoughTokens'),
        description: t('roomDesign.notEnoughTokensBody'),
        variant: 'destructive',
      });
      navigate('/subscribe');
      return;
    }
    more.mutate();
  }

  if (!design.data)
    return <p className="py-16 text-center text-muted-foreground">{t('roomDesign.loading')}</p>;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold tracking-tight">{t('roomDesign.resultsTitle')}</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={askForMore} disabled={more.isPending}>
            {more.isPending ? <Loader2 className="animate-spin" /> : <Palette />}
            {t('roomDesign.moreStyles')}
          </Button>
        </div>
      </div>
      <EngineNote design={design.data} />
      <DesignImages
        design={design.data}
        action={(variationId) => (
          <Button
            size="sm"
            className="w-full"
            variant="gradient"
            onClick={() => onShop(variationId)}
          >
            <ShoppingBag />
            {t('roomDesign.shopThisLook')}
          </Button>
        )}
      />
    </div>
  );
}
