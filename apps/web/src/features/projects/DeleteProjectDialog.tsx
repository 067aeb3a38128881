import type { Project } from '@image-lab/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useProjectActions } from './use-project-actions';

/** Working areas §5: deleting a project asks first, and warns that its images go with it. */
export function DeleteProjectDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const { t } = useTranslation();
  const { remove } = useProjectActions();
  return (
    <ConfirmDialog
      open
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(project, { onSuccess: onClose })}
      destructive
      focus="cancel"
      testId="delete-project-dialog"
      title={t('projects.deleteDialog.title', { name: project.name })}
      description={t('projects.deleteDialog.body', { count: project.imageCount })}
      cancelLabel={t('projects.cancel')}
      confirmLabel={t('projects.deleteDialog.confirm')}
      icon={<Trash2 />}
    />
  );
}
