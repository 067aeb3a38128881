import { register, unchanged, withItems } from './types';

/** Context menu 'Delete', or the Delete / Backspace key: the selected items leave the board. */
export const actionDeleteItems = register({
  name: 'deleteItems',
  label: 'whiteboard.menu.delete',
  keyTest: (e) => e.key === 'Delete' || e.key === 'Backspace',
  perform: (state) => {
    if (state.selected.length === 0) return unchanged(state);
    const gone = new Set(state.selected);
    return withItems(
      state,
      state.items.filter((item) => !gone.has(item.id)),
    );
  },
});
