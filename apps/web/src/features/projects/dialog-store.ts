import type { Project } from '@image-lab/contract';
import { useSyncExternalStore } from 'react';

/** The one project dialog open at a time, opened from the header, the side menu or the editor. */
export type ProjectDialog =
  | { kind: 'create' }
  | { kind: 'rename'; project: Project }
  | { kind: 'delete'; project: Project }
  | { kind: 'share'; project: Project }
  | { kind: 'save'; saveAs: boolean }
  | { kind: 'load' };

let current: ProjectDialog | null = null;
const listeners = new Set<() => void>();

function set(next: ProjectDialog | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

export const openProjectDialog = (dialog: ProjectDialog) => set(dialog);
export const closeProjectDialog = () => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const useProjectDialog = () => useSyncExternalStore(subscribe, () => current);
