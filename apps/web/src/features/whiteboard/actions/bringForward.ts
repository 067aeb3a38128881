import { restack, stepUp } from './z-order';
import { ctrlOrCmd, register } from './types';

/** Context menu 'Bring forward': one item higher (Ctrl/Cmd+]). */
export const actionBringForward = register({
  name: 'bringForward',
  label: 'whiteboard.menu.bringForward',
  keyTest: (e) => ctrlOrCmd(e) && !e.shiftKey && e.key === ']',
  perform: (state) => restack(state, stepUp),
});
