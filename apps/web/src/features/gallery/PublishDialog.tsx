import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      busy={publishing}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="confirm-publish"
      title={t('gallery.publish.title')}
      description={t('gallery.publish.body')}
      cancelLabel={t('gallery.cancel')}
      confirmLabel={t('gallery.publish.confirm')}
      icon={<Globe />}
    />
  );
}
