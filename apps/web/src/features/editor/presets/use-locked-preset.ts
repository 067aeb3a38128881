import { useState } from 'react';

const STORAGE_KEY = 'lockedPreset';

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The preset applied to every new upload, kept across visits. */
export function useLockedPreset() {
  const [locked, setLocked] = useState(read);
  const update = (next: string | null) => {
    setLocked(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEY, next);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Private mode: the lock holds for this visit.
    }
  };
  return [locked, update] as const;
}
