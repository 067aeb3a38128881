import { DeleteProjectDialog } from './DeleteProjectDialog';
import type { EditorSnapshot } from '@/features/share/current-image';
import type { ProjectDialog } from './dialog-store';
import { LoadProjectDialog } from './LoadProjectDialog';
import { NameDialog } from './NameDialog';
import { SaveProjectDialog } from './SaveProjectDialog';
import { ShareProjectDialog } from './ShareProjectDialog';

/** The project dialog asked for, if any (loaded the first time one is opened). */
export function ProjectDialogs({
  dialog,
  editor,
  onClose,
}: {
  dialog: ProjectDialog | null;
  editor: EditorSnapshot | null;
  onClose(): void;
}) {
  switch (dialog?.kind) {
    case 'create':
      return <NameDialog onClose={onClose} />;
    case 'rename':
      return <NameDialog key={dialog.project.id} project={dialog.project} onClose={onClose} />;
    case 'delete':
      return <DeleteProjectDialog project={dialog.project} onClose={onClose} />;
    case 'share':
      return <ShareProjectDialog project={dialog.project} onClose={onClose} />;
    case 'save':
      return (
        <SaveProjectDialog
          key={String(dialog.saveAs)}
          saveAs={dialog.saveAs}
          editor={editor}
          onClose={onClose}
        />
      );
    case 'load':
      return <LoadProjectDialog onClose={onClose} />;
    default:
      return null;
  }
}
