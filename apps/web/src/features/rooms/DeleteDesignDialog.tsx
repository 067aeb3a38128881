import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/hooks/use-toast';
import { deleteRoomDesign, readSelection, saveSelection } from './api';
import { serverChanged } from '@/lib/server-changes';

/** Asks the spec's question, then deletes the design with all its images. */
export function DeleteDesignDialog({
  uploadId,
  onClose,
  onDeleted,
}: {
  uploadId: string | null;
  onClose(): void;
  onDeleted?(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteRoomDesign,
    onSuccess: async (_, id) => {
      if (readSelection().uploadId === id) saveSelection({ uploadId: null, variationId: null });
      await serverChanged(queryClient, 'rooms');
      onClose();
      onDeleted?.();
    },
    onError: () =>
      toast({
        title: t('roomDesign.deleteFailed'),
        description: t('roomDesign.deleteFailedBody'),
        variant: 'destructive',
      }),
  });
  return (
    <Modal
      open={uploadId !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title={t('roomDesign.deleteTitle')}
      description={t('roomDesign.deleteQuestion')}
      testId="delete-design-dialog"
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('roomDesign.cancel')}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => uploadId && remove.mutate(uploadId)}
        >
          {t('roomDesign.delete')}
        </Button>
      </div>
    </Modal>
  );
}
