import type { EditedImageRecord } from '@image-lab/contract';
import { useEffect, useSyncExternalStore } from 'react';

/** What the editor shows, for the header's share menu and the project dialogs. */
export interface EditorSnapshot {
  /** The image on the canvas, if any. */
  image: EditedImageRecord | null;
  /** The images the editor works on (the active project's). */
  records: readonly EditedImageRecord[];
  /** The branch in the history panel. */
  history: readonly EditedImageRecord[];
  sessionId: string;
}

let snapshot: EditorSnapshot | null = null;
const NONE: readonly EditedImageRecord[] = [];
const listeners = new Set<() => void>();

const sameHistory = (a: readonly EditedImageRecord[], b: readonly EditedImageRecord[]) =>
  a.length === b.length && a.every((record, i) => record === b[i]);

function publish(next: EditorSnapshot | null) {
  // The editor's branch is a new array on every render: unchanged steps publish nothing.
  const same =
    next &&
    snapshot &&
    next.image === snapshot.image &&
    next.records === snapshot.records &&
    next.sessionId === snapshot.sessionId &&
    sameHistory(next.history, snapshot.history);
  if (same || next === snapshot) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Null when no editor is on screen. */
export const useEditorSnapshot = () => useSyncExternalStore(subscribe, () => snapshot);
export const useCurrentImage = () => useEditorSnapshot()?.image ?? null;

/** The editor tells the header what it shows, for as long as it is mounted. */
export function usePublishEditor(
  image: EditedImageRecord | undefined,
  records: readonly EditedImageRecord[] | undefined,
  history: readonly EditedImageRecord[],
  sessionId: string,
) {
  useEffect(() => {
    publish({ image: image ?? null, records: records ?? NONE, history, sessionId });
  }, [image, records, history, sessionId]);
  useEffect(() => () => publish(null), []);
}
