import type { Project } from '@image-lab/contract';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { Modal, ModalActions } from '@/components/ui/modal';
import { characterCount, cleanProjectName, limitName, PROJECT_NAME_MAX } from './project-names';
import { useProjectActions } from './use-project-actions';

/** Create (no project) or rename: trims, ignores a blank or unchanged name, cuts to 20. */
export function NameDialog({ project, onClose }: { project?: Project; onClose(): void }) {
  const { t } = useTranslation();
  const { create, rename } = useProjectActions();
  const [value, setValue] = useState(project?.name ?? '');
  const pending = create.isPending || rename.isPending;
  const name = cleanProjectName(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = cleanProjectName(value, project?.name);
    if (pending || !name) return;
    if (!next) return onClose();
    if (project) rename.mutate({ project, name: next }, { onSuccess: onClose });
    else create.mutate(next, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={project ? t('projects.nameDialog.renameTitle') : t('projects.nameDialog.createTitle')}
      description={
        project ? t('projects.nameDialog.renameBody') : t('projects.nameDialog.createBody')
      }
      testId="project-name-dialog"
    >
      <form onSubmit={submit} className="grid gap-4">
        <Field
          id="project-name"
          label={t('projects.fields.name')}
          hint={t('projects.fields.nameHint', {
            count: characterCount(value),
            max: PROJECT_NAME_MAX,
          })}
        >
          <Input
            id="project-name"
            value={value}
            autoComplete="off"
            autoFocus
            onChange={(event) => setValue(limitName(event.target.value))}
          />
        </Field>
        <ModalActions>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" disabled={!name || pending}>
            {pending && <Loader2 className="animate-spin" />}
            {project ? t('projects.nameDialog.rename') : t('projects.nameDialog.create')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
