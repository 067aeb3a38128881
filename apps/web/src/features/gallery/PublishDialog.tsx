import { Globe, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';

/**
 * Publishing puts an image on everyone's home page, which a share link never does (decision
 * 021), so the person reads what it means before it happens.
 */
export function PublishDialog({
  open,
  publishing,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  publishing: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !publishing && onCancel()}
      testId="confirm-publish"
      title={t('gallery.publish.title')}
      description={t('gallery.publish.body')}
    >
      <ModalActions>
        <Button variant="outline" onClick={onCancel} disabled={publishing}>
          {t('gallery.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={publishing} autoFocus>
          {publishing ? <Loader2 className="animate-spin" /> : <Globe />}
          {t('gallery.publish.confirm')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
