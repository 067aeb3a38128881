import { restack, stepDown } from './z-order';
import { ctrlOrCmd, register } from './types';

/** Context menu 'Send backward': one item lower (Ctrl/Cmd+[). */
export const actionSendBackward = register({
  name: 'sendBackward',
  label: 'whiteboard.menu.sendBackward',
  keyTest: (e) => ctrlOrCmd(e) && !e.shiftKey && e.key === '[',
  perform: (state) => restack(state, stepDown),
});
