import { SELECTED_KEY, TIP_KEY } from '@/lib/editor-selection-keys';

/** Working areas §4: 'Switching a project reloads the page after 500 ms'. */
export const SWITCH_RELOAD_MS = 500;

/**
 * Selecting or creating a project clears the editor (canvas, prompt, history selection): the
 * next page shows `show` on the canvas, or a blank one. The page reloads after 500 ms.
 */
export function reloadIntoProject(show = '') {
  try {
    localStorage.setItem(SELECTED_KEY, show);
    localStorage.removeItem(TIP_KEY);
  } catch {
    // Private mode: the reload still starts the project afresh.
  }
  setTimeout(() => window.location.reload(), SWITCH_RELOAD_MS);
}
