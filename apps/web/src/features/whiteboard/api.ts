import type {
  ActiveProjectResponse,
  AddWhiteboardImageResponse,
  SaveWhiteboardRequest,
  WhiteboardBoard,
  WhiteboardConflict,
} from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, getJson } from '@/lib/api';

// Kept free of Konva: the editor's 'Send to Whiteboard' imports this file.

import { ACTIVE_PROJECT_KEY } from '@/lib/query-keys';

export { ACTIVE_PROJECT_KEY };

/** The board's query key: the default queryFn GETs it as it is. */
export const boardKey = (projectId: string | null) => [
  projectId ? `/api/whiteboard?projectId=${encodeURIComponent(projectId)}` : '/api/whiteboard',
];

/** The project the editor and the board work in (null: none, the account's default board). */
export const useActiveProject = (enabled = true) =>
  useQuery<ActiveProjectResponse>({ queryKey: ACTIVE_PROJECT_KEY, enabled, staleTime: 60_000 });

/** GET /api/whiteboard: the board in the current schema (version 0 when never saved). */
export async function loadBoard(projectId: string | null): Promise<WhiteboardBoard> {
  return getJson<WhiteboardBoard>(boardKey(projectId)[0]!);
}

async function send<T>(method: 'PUT' | 'POST', url: string, body: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

export type SaveOutcome =
  | { kind: 'saved'; board: WhiteboardBoard }
  /**
   * `conflicts`: the images both changed, when the save could be merged otherwise;
   * `changedBy`: the person whose change won, when it was not this person's other tab.
   */
  | { kind: 'conflict'; board: WhiteboardBoard; conflicts?: string[]; changedBy?: string };

/** PUT /api/whiteboard: saved, or the board as it is now when our version was stale (409). */
export async function saveBoard(body: SaveWhiteboardRequest): Promise<SaveOutcome> {
  try {
    return { kind: 'saved', board: await send<WhiteboardBoard>('PUT', '/api/whiteboard', body) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'version_conflict') throw error;
    const { board, conflicts, changedBy } = error.body as unknown as WhiteboardConflict;
    return { kind: 'conflict', board, conflicts, changedBy };
  }
}

/** POST /api/whiteboard-images: 'Send to Whiteboard'. */
export const sendToWhiteboard = (imageUrl: string, projectId: string | null) =>
  send<AddWhiteboardImageResponse>('POST', '/api/whiteboard-images', {
    imageUrl,
    ...(projectId ? { projectId } : {}),
  });
