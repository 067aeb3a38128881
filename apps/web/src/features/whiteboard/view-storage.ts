import { clampScale, type View } from './view';

// Where each board was looked at last stays in this browser: panning is not a change of the
// board, so it is not saved to the server (saves carry the view along when items change).
const keyOf = (projectId: string | null) => `whiteboard-view:${projectId ?? 'default'}`;

export function readSavedView(projectId: string | null): View | null {
  try {
    const parsed = JSON.parse(
      localStorage.getItem(keyOf(projectId)) ?? 'null',
    ) as Partial<View> | null;
    if (!parsed) return null;
    const { x, y, scale } = parsed;
    if (![x, y, scale].every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return { x: x!, y: y!, scale: clampScale(scale!) };
  } catch {
    return null;
  }
}

export function saveView(projectId: string | null, view: View) {
  try {
    localStorage.setItem(keyOf(projectId), JSON.stringify(view));
  } catch {
    // Private mode or full storage: the view is simply not remembered.
  }
}
