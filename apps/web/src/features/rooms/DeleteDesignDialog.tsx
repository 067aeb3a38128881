import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/hooks/use-toast';
import { permissionRefusal } from '@/lib/api';
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
    onError: (error) =>
      toast({
        title: t('roomDesign.deleteFailed'),
        description: permissionRefusal(error) ?? t('roomDesign.deleteFailedBody'),
        variant: 'destructive',
      }),
  });
  return (
    <ConfirmDialog
      open={uploadId !== null}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => uploadId && remove.mutate(uploadId)}
      destructive
      focus="cancel"
      testId="delete-design-dialog"
      title={t('roomDesign.deleteTitle')}
      description={t('roomDesign.deleteQuestion')}
      cancelLabel={t('roomDesign.cancel')}
      confirmLabel={t('roomDesign.delete')}
      icon={<Trash2 />}
    />
  );
}
