import type { LanguageDetectorModule } from 'i18next';

/** Where a chosen language is kept (the key i18next's own detector used, so choices carry over). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function stored(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

/**
 * The interface language: `?lng=` in the address, then the person's earlier choice, then the
 * browser's languages. i18next narrows the list to the supported languages and falls back to
 * English. Small on purpose: it runs before the first screen.
 */
export const detectLanguage: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    if (typeof window === 'undefined') return []; // server rendering picks its own language
    const fromQuery = new URLSearchParams(window.location.search).get('lng') ?? undefined;
    return [fromQuery, stored(), ...navigator.languages].filter((l): l is string => !!l);
  },
  cacheUserLanguage(language: string) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      // The server reads it too, so server-rendered pages come in the chosen language.
      document.cookie = `${LANGUAGE_STORAGE_KEY}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
    } catch {
      // The choice simply is not remembered.
    }
  },
};
