import { selectOnly } from './select';
import { register } from './types';

/** Ctrl/Cmd-click (working areas §2 hints): adds the item to the selection, or takes it out. */
export const actionToggleSelection = register<{ id: string }>({
  name: 'toggleSelection',
  perform: (state, { id }) =>
    selectOnly(
      state,
      state.selected.includes(id)
        ? state.selected.filter((s) => s !== id)
        : [...state.selected, id],
    ),
});
