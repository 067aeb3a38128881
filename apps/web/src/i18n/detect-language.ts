import type { LanguageDetectorModule } from 'i18next';

/** Where a chosen language is kept (the key i18next's own detector used, so choices carry over). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function fromStorage(storage: () => Storage): string | undefined {
  try {
    return storage().getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

function fromCookie(cookie: string): string | undefined {
  const pair = cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_STORAGE_KEY}=`));
  if (!pair) return undefined;
  try {
    return decodeURIComponent(pair.slice(LANGUAGE_STORAGE_KEY.length + 1)) || undefined;
  } catch {
    return undefined; // a broken escape: ignored
  }
}

/**
 * The candidates in the order of foundations §4: the query string (`?lng=`), the cookie, local
 * storage, session storage, the browser's languages, the html tag's `lang`.
 */
export function languageCandidates(): string[] {
  return [
    new URLSearchParams(window.location.search).get('lng') ?? undefined,
    fromCookie(document.cookie),
    fromStorage(() => localStorage),
    fromStorage(() => sessionStorage),
    ...navigator.languages,
    document.documentElement.lang || undefined,
  ].filter((l): l is string => !!l);
}

/**
 * The interface language: the first of languageCandidates(); i18next narrows the list to the
 * supported languages and falls back to English. Small on purpose: it runs before the first screen.
 */
export const detectLanguage: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    if (typeof window === 'undefined') return []; // server rendering picks its own language
    return languageCandidates();
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
