import { restack } from './z-order';
import { ctrlOrCmd, register } from './types';

/** Context menu 'Bring to front': above every other item (Ctrl/Cmd+Shift+]). */
export const actionBringToFront = register({
  name: 'bringToFront',
  label: 'whiteboard.menu.bringToFront',
  keyTest: (e) => ctrlOrCmd(e) && e.shiftKey && (e.key === ']' || e.key === '}'),
  perform: (state) =>
    restack(state, (order, isSelected) => [
      ...order.filter((i) => !isSelected(i)),
      ...order.filter(isSelected),
    ]),
});
