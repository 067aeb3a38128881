import { useSyncExternalStore } from 'react';
import { isOutOfCredits } from './credit-levels.ts';

export interface OutOfCreditsState {
  /** A generation was refused with 402. */
  refused: boolean;
  /** The person closed the banner; a new refusal shows it again. */
  dismissed: boolean;
}

/** The banner shows after a 402 or while the balance is 0 or less, until dismissed. */
export function bannerVisible(state: OutOfCreditsState, credits: number | undefined): boolean {
  if (state.dismissed) return false;
  return state.refused || (credits !== undefined && isOutOfCredits(credits));
}

let state: OutOfCreditsState = { refused: false, dismissed: false };
const listeners = new Set<() => void>();

function update(next: OutOfCreditsState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const markOutOfCredits = () => update({ refused: true, dismissed: false });
export const clearOutOfCredits = () => {
  if (state.refused) update({ ...state, refused: false });
};
export const dismissOutOfCreditsBanner = () => update({ ...state, dismissed: true });

/** Kept outside React so the editor's error handling and the header's banner share it. */
export function useOutOfCreditsState(): OutOfCreditsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => state,
  );
}
