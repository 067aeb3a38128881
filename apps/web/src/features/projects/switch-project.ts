/** Working areas §4: 'Switching a project reloads the page after 500 ms'. */
export const SWITCH_RELOAD_MS = 500;

/**
 * The editor's stored selection (use-editor-selection's SELECTED_KEY and TIP_KEY, written out so
 * the header does not load the editor's code; a unit test keeps them equal).
 */
export const EDITOR_SELECTION_KEYS = { selected: 'editImageUrl', tip: 'editBranchTip' } as const;

/**
 * Selecting or creating a project clears the editor (canvas, prompt, history selection): the
 * next page shows `show` on the canvas, or a blank one. The page reloads after 500 ms.
 */
export function reloadIntoProject(show = '') {
  try {
    localStorage.setItem(EDITOR_SELECTION_KEYS.selected, show);
    localStorage.removeItem(EDITOR_SELECTION_KEYS.tip);
  } catch {
    // Private mode: the reload still starts the project afresh.
  }
  setTimeout(() => window.location.reload(), SWITCH_RELOAD_MS);
}
