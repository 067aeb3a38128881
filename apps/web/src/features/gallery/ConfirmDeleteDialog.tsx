import { Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';

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
    <Modal
      open={open}
      onOpenChange={(next) => !next && !deleting && onCancel()}
      role="alertdialog"
      testId="confirm-delete"
      title={t('gallery.delete.title')}
      description={t('gallery.delete.body', { count })}
    >
      <ModalActions>
        <Button variant="outline" onClick={onCancel} disabled={deleting}>
          {t('gallery.cancel')}
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={deleting} autoFocus>
          {deleting ? <Loader2 className="animate-spin" /> : <Trash2 />}
          {deleting ? t('gallery.delete.deleting') : t('gallery.delete.confirm', { count })}
        </Button>
      </ModalActions>
    </Modal>
  );
}
