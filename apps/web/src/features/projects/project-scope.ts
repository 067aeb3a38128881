import type { ActiveProjectResponse, EditedImageRecord } from '@image-lab/contract';

/**
 * The images the editor works on: those of the active project, or all of them when the account
 * has no project yet. `sentTo` knows where images just uploaded went, before the server's list
 * says so (an upload's first record has no projectId). Undefined while either is still loading.
 */
export function scopeToProject(
  records: readonly EditedImageRecord[] | undefined,
  active: ActiveProjectResponse | undefined,
  sentTo: ReadonlyMap<string, string> = new Map(),
): EditedImageRecord[] | undefined {
  if (!records || active === undefined) return undefined;
  if (active === null) return [...records];
  return records.filter((r) => (r.projectId ?? sentTo.get(r.id)) === active.id);
}
