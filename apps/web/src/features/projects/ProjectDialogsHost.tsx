import { lazy, Suspense, useState } from 'react';
import { useEditorSnapshot } from '@/features/share/current-image';
import { closeProjectDialog, useProjectDialog } from './dialog-store';

const ProjectDialogs = lazy(() =>
  import('./ProjectDialogs').then((m) => ({ default: m.ProjectDialogs })),
);

/** Mounted once in the shell; the dialogs' code loads the first time one of them opens. */
export function ProjectDialogsHost() {
  const dialog = useProjectDialog();
  const editor = useEditorSnapshot();
  const [wanted, setWanted] = useState(false);
  if (dialog && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ProjectDialogs dialog={dialog} editor={editor} onClose={closeProjectDialog} />
    </Suspense>
  );
}
