import type { EditedImageRecord } from '@image-lab/contract';
import { useEffect, useMemo } from 'react';
import { sentToProject, setActiveProjectForWrites } from '@/lib/active-project';
import { useActiveProject } from './api';
import { scopeToProject } from './project-scope';

/**
 * The editor's images: the active project's (docs/decisions/010). Guests, and accounts whose
 * active project cannot be read, see all of theirs. Undefined while loading. New uploads and
 * edits go to the same project.
 */
export function useProjectRecords(
  records: EditedImageRecord[] | undefined,
  enabled: boolean,
): EditedImageRecord[] | undefined {
  const active = useActiveProject(enabled);
  const current = !enabled || active.isError ? null : active.data;
  const id = current?.id;
  useEffect(() => {
    setActiveProjectForWrites(id);
    return () => setActiveProjectForWrites(undefined);
  }, [id]);
  return useMemo(() => scopeToProject(records, current, sentToProject), [records, current]);
}
