import { restack } from './z-order';
import { ctrlOrCmd, register } from './types';

/** Context menu 'Send to back': below every other item (Ctrl/Cmd+Shift+[). */
export const actionSendToBack = register({
  name: 'sendToBack',
  label: 'whiteboard.menu.sendToBack',
  keyTest: (e) => ctrlOrCmd(e) && e.shiftKey && (e.key === '[' || e.key === '{'),
  perform: (state) =>
    restack(state, (order, isSelected) => [
      ...order.filter(isSelected),
      ...order.filter((i) => !isSelected(i)),
    ]),
});
