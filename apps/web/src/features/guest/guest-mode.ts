import { useSyncExternalStore } from 'react';

// A visitor chose to try the editor without an account; kept for the browser tab's session.
const KEY = 'image-lab.guest-mode';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function write(on: boolean) {
  try {
    if (on) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  memory = on;
  listeners.forEach((listener) => listener());
}

let memory = read();

export const enterGuestMode = () => write(true);
export const leaveGuestMode = () => write(false);

export function useGuestMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => memory,
    // Server-rendered pages are drawn for visitors; a guest's tab switches after hydration.
    () => false,
  );
}
