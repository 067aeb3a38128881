import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

interface SoundPreferences {
  soundEnabled: boolean;
  soundVolume: number;
  setSoundEnabled(enabled: boolean): void;
  setSoundVolume(volume: number): void;
}

const SoundContext = createContext<SoundPreferences>({
  soundEnabled: true,
  soundVolume: 0.5,
  setSoundEnabled: () => undefined,
  setSoundVolume: () => undefined,
});

function read<T>(key: string, parse: (raw: string) => T, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : parse(raw);
  } catch {
    return fallback;
  }
}

export function SoundProvider({ children }: { children: ReactNode }) {
  const [soundEnabled, setSoundEnabled] = useState(() =>
    read('soundEnabled', (raw) => raw !== 'false', true),
  );
  const [soundVolume, setSoundVolume] = useState(() =>
    read('soundVolume', (raw) => Math.min(1, Math.max(0, Number(raw) || 0)), 0.5),
  );
  useEffect(() => {
    try {
      localStorage.setItem('soundEnabled', String(soundEnabled));
      localStorage.setItem('soundVolume', String(soundVolume));
    } catch {
      // Preferences are a convenience; failing to store them is not an error.
    }
  }, [soundEnabled, soundVolume]);
  return (
    <SoundContext.Provider value={{ soundEnabled, soundVolume, setSoundEnabled, setSoundVolume }}>
      {children}
    </SoundContext.Provider>
  );
}

export const useSound = () => useContext(SoundContext);
