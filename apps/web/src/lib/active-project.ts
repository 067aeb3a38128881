let writeTarget: string | undefined;
const sentTo = new Map<string, string>();

/** The editor names the project it works in (none for guests and before the first project). */
export function setActiveProjectForWrites(id: string | undefined) {
  writeTarget = id;
}

/** Uploads, crops and edits send it, so their images land in the active project. */
export const activeProjectId = () => writeTarget;

/** Where an upload went, until the server's list of images says so itself. */
export function noteSentToProject(imageId: string, projectId: string | undefined) {
  if (projectId) sentTo.set(imageId, projectId);
}
export const sentToProject: ReadonlyMap<string, string> = sentTo;
