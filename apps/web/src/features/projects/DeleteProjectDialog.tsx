import type { Project } from '@image-lab/contract';
import { Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';
import { useProjectActions } from './use-project-actions';

/** Working areas §5: deleting a project asks first, and warns that its images go with it. */
export function DeleteProjectDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const { t } = useTranslation();
  const { remove } = useProjectActions();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('projects.deleteDialog.title', { name: project.name })}
      description={t('projects.deleteDialog.body', { count: project.imageCount })}
      testId="delete-project-dialog"
    >
      <ModalActions>
        <Button variant="outline" onClick={onClose} autoFocus>
          {t('projects.cancel')}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(project, { onSuccess: onClose })}
        >
          {remove.isPending ? <Loader2 className="animate-spin" /> : <Trash2 />}
          {t('projects.deleteDialog.confirm')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
