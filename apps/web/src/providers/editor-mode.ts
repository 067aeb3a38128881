import { createContext, useContext } from 'react';

/** True when a visitor without an account is trying the editor (working areas §6). */
export const GuestContext = createContext(false);
export const useIsGuest = () => useContext(GuestContext);
