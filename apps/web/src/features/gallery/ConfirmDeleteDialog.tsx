import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** 'Confirm delete.' before images go for good. */
export function ConfirmDeleteDialog({
  count,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  count: number;
  open: boolean;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
      destructive
      testId="confirm-delete"
      title={t('gallery.delete.title')}
      description={t('gallery.delete.body', { count })}
      cancelLabel={t('gallery.cancel')}
      confirmLabel={
        deleting ? t('gallery.delete.deleting') : t('gallery.delete.confirm', { count })
      }
      icon={<Trash2 />}
    />
  );
}
