import type { RoomUpload } from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Link2, Link2Off, ShoppingBag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayWrite } from '@/hooks/use-may-write';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { toastError } from '@/lib/api';
import { roomKey, saveSelection, setDesignSharing } from './api';
import { DeleteDesignDialog } from './DeleteDesignDialog';
import { shortId } from './DesignCard';
import { DesignImages, StatusBadge } from './DesignImages';

/** /gallery/design/{uploadId}: one design, its public link, shopping and deletion. */
export function DesignPage({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const mayWrite = useMayWrite();
  const design = useQuery<RoomUpload>({ queryKey: roomKey(uploadId) });
  const sharing = useMutation({
    mutationFn: (isPublic: boolean) => setDesignSharing(uploadId, isPublic),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: roomKey(uploadId) });
      if (!result.isPublic || !result.shareUrl) return toast({ title: t('roomDesign.shareOff') });
      try {
        await navigator.clipboard.writeText(result.shareUrl);
        toast({ title: t('roomDesign.linkCopied'), description: result.shareUrl });
      } catch {
        toast({ title: t('roomDesign.shareOn'), description: result.shareUrl });
      }
    },
    onError: (error) => toastError(t('roomDesign.shareFailed'), error),
  });

  if (design.isPending)
    return <p className="py-24 text-center text-muted-foreground">{t('roomDesign.loading')}</p>;
  if (!design.data) {
    return (
      <div className="py-24 text-center">
        <h1 className="text-xl font-semibold">{t('roomDesign.notFoundTitle')}</h1>
        <Button asChild className="mt-6">
          <Link href="/gallery">{t('roomDesign.viewGallery')}</Link>
        </Button>
      </div>
    );
  }
  const d = design.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link href="/gallery">
            <ArrowLeft />
            {t('roomDesign.historyTitle')}
          </Link>
        </Button>
        <h1 className="mr-auto flex items-center gap-3 text-2xl font-bold tracking-tight">
          {t('roomDesign.designNumber', { id: shortId(d.id) })}
          <StatusBadge status={d.status} />
        </h1>
        <Button
          variant="outline"
          size="sm"
          data-testid="share-design"
          onClick={() => sharing.mutate(!d.isPublic)}
          disabled={sharing.isPending}
        >
          {d.isPublic ? <Link2Off /> : <Link2 />}
          {d.isPublic ? t('roomDesign.stopSharing') : t('roomDesign.share')}
        </Button>
        {d.status === 'completed' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              saveSelection({ uploadId: d.id, variationId: null });
              navigate('/furniture-shopping');
            }}
          >
            <ShoppingBag />
            {t('roomDesign.shopThisLook')}
          </Button>
        ) : null}
        {mayWrite && (
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            onClick={() => setDeleting(true)}
          >
            <Trash2 />
            {t('roomDesign.delete')}
          </Button>
        )}
      </div>
      {/* The link's key is not the design's id; read-only grantees see no link at all. */}
      {d.isPublic && d.shareUrl ? (
        <p className="text-sm text-muted-foreground" data-testid="public-link">
          {t('roomDesign.publicAt')}{' '}
          <a className="break-all text-primary underline" href={d.shareUrl}>
            {d.shareUrl}
          </a>
        </p>
      ) : null}
      <DesignImages design={d} />
      <DeleteDesignDialog
        uploadId={deleting ? d.id : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/gallery')}
      />
    </div>
  );
}
