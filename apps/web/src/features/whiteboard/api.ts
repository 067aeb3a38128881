import type {
  ActiveProjectResponse,
  AddWhiteboardImageResponse,
  SaveWhiteboardRequest,
  WhiteboardBoard,
  WhiteboardConflict,
} from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/queryClient';

// Kept free of Konva: the editor's 'Send to Whiteboard' imports this file.

export const ACTIVE_PROJECT_KEY = ['/api/projects/active'];

/** The board's query key: the default queryFn GETs it as it is. */
export const boardKey = (projectId: string | null) => [
  projectId ? `/api/whiteboard?projectId=${encodeURIComponent(projectId)}` : '/api/whiteboard',
];

/** The project the editor and the board work in (null: none, the account's default board). */
export const useActiveProject = (enabled = true) =>
  useQuery<ActiveProjectResponse>({ queryKey: ACTIVE_PROJECT_KEY, enabled, staleTime: 60_000 });

/** GET /api/whiteboard: the board in the current schema (version 0 when never saved). */
export async function loadBoard(projectId: string | null): Promise<WhiteboardBoard> {
  const res = await fetch(boardKey(projectId)[0]!, { credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as WhiteboardBoard;
}

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

async function send<T>(method: 'PUT' | 'POST', url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok && res.status !== 409) {
    throw new RequestError(res.status, data.message ?? res.statusText);
  }
  return Object.assign(data, { status: res.status });
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
  const data = await send<(WhiteboardBoard | WhiteboardConflict) & { status: number }>(
    'PUT',
    '/api/whiteboard',
    body,
  );
  if (data.status === 409 && 'board' in data) {
    const { board, conflicts, changedBy } = data;
    return { kind: 'conflict', board, conflicts, changedBy };
  }
  return { kind: 'saved', board: data as WhiteboardBoard };
}

/** POST /api/whiteboard-images: 'Send to Whiteboard'. */
export const sendToWhiteboard = (imageUrl: string, projectId: string | null) =>
  send<AddWhiteboardImageResponse>('POST', '/api/whiteboard-images', {
    imageUrl,
    ...(projectId ? { projectId } : {}),
  });
