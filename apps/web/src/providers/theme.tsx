import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'theme';

function readTheme(): Theme {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

const ThemeContext = createContext<{ theme: Theme; setTheme(t: Theme): void; toggle(): void }>({
  theme: 'light',
  setTheme: () => undefined,
  toggle: () => undefined,
});

/** `initialTheme`: the theme a server-rendered page was drawn in, so hydration matches it. */
export function ThemeProvider({
  children,
  initialTheme,
}: {
  children: ReactNode;
  initialTheme?: Theme;
}) {
  const [theme, setTheme] = useState<Theme>(() => initialTheme ?? readTheme());
  // The stored choice wins once hydrated (the page may have been drawn before the cookie existed).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTheme(readTheme()));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(STORAGE_KEY, theme);
      // The server reads it too, so server-rendered pages come in this theme.
      document.cookie = `${STORAGE_KEY}=${theme}; path=/; max-age=31536000; samesite=lax`;
    } catch {
      // Private mode: the theme still applies for this visit.
    }
  }, [theme]);
  const toggle = useCallback(() => setTheme((t) => (t === 'dark' ? 'light' : 'dark')), []);
  return (
    <ThemeContext.Provider value={{ theme, setTheme, toggle }}>{children}</ThemeContext.Provider>
  );
}

export const useTheme = () => useContext(ThemeContext);
