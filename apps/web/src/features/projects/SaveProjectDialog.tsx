import type { Project } from '@image-lab/contract';
import { Images, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import type { EditorSnapshot } from '@/features/share/current-image';
import { toast } from '@/hooks/use-toast';
import { useActiveProject, useProjects } from './api';
import { Modal, ModalActions } from '@/components/ui/modal';
import {
  characterCount,
  limitName,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  saveableName,
} from './project-names';
import { imagesToSave } from './save-payload';
import { useSaveProject } from './use-save-project';

/** Save (into the active project) or Save As (a new one): a name is required. */
export function SaveProjectDialog({
  saveAs,
  editor,
  onClose,
}: {
  saveAs: boolean;
  editor: EditorSnapshot | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const active = useActiveProject();
  const projects = useProjects();
  const into = saveAs ? undefined : projects.data?.find((p) => p.id === active.data?.id);
  const title = saveAs ? t('projects.saveDialog.saveAsTitle') : t('projects.saveDialog.saveTitle');
  if (!saveAs && (active.isPending || projects.isPending)) {
    return (
      <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" />
          {t('projects.loading')}
        </p>
      </Modal>
    );
  }
  return <SaveForm title={title} into={into} editor={editor} onClose={onClose} />;
}

function SaveForm({
  title,
  into,
  editor,
  onClose,
}: {
  title: string;
  into: Project | undefined;
  editor: EditorSnapshot | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveProject();
  const [name, setName] = useState(into?.name ?? '');
  const [description, setDescription] = useState(into?.description ?? '');
  const payload = editor
    ? imagesToSave(editor.records, editor.sessionId, editor.history)
    : { imageUrls: [], prompts: [], originalImageUrl: null };

  const nameRequired = () =>
    toast({
      title: t('projects.errors.nameRequired'),
      description: t('projects.errors.nameRequiredBody'),
      variant: 'destructive',
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleanName = saveableName(name);
    if (!cleanName) return nameRequired();
    if (save.isPending) return;
    save.mutate(
      { name: cleanName, description: description.trim(), payload, into },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        into
          ? t('projects.saveDialog.saveBody', { name: into.name })
          : t('projects.saveDialog.saveAsBody')
      }
      testId="save-project-dialog"
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field
          id="save-project-name"
          label={t('projects.fields.name')}
          hint={t('projects.fields.nameHint', {
            count: characterCount(name),
            max: PROJECT_NAME_MAX,
          })}
        >
          <Input
            id="save-project-name"
            value={name}
            required
            autoComplete="off"
            autoFocus
            onChange={(event) => setName(limitName(event.target.value))}
            // The Save button is off without a name, so Enter would do nothing: it says why.
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !saveableName(name)) {
                event.preventDefault();
                nameRequired();
              }
            }}
            aria-invalid={name.length > 0 && !saveableName(name) ? true : undefined}
          />
        </Field>
        <Field id="save-project-description" label={t('projects.fields.description')}>
          <textarea
            id="save-project-description"
            value={description}
            maxLength={PROJECT_DESCRIPTION_MAX}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
            className="w-full resize-y rounded-lg border bg-card px-3 py-2 text-sm shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30"
            placeholder={t('projects.fields.descriptionPlaceholder')}
          />
        </Field>
        <p className="flex items-center gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          <Images className="size-4 shrink-0" />
          {t('projects.saveDialog.images', { count: payload.imageUrls.length })}
        </p>
        <ModalActions>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" disabled={!saveableName(name) || save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" />}
            {t('projects.saveDialog.submit')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
