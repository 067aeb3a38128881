import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** Server-rendered pages (and their hydration) assume a desktop window until the real one is read. */
const SERVER_WIDTH = 1280;

export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => SERVER_WIDTH,
  );
}
