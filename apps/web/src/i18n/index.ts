import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from './detect-language';
import en from './en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

// English ships with the app (it is also the fallback); German and French load when chosen, so
// a visitor downloads one language's texts, not all three.
const lazyLanguages: Record<string, () => Promise<{ default: object }>> = {
  de: () => import('./de.json'),
  fr: () => import('./fr.json'),
};

/** Resolves once the detected language's texts are in: main.tsx renders after it. */
export const i18nReady = i18n
  .use(detectLanguage)
  .use(initReactI18next)
  .use({
    type: 'backend' as const,
    init: () => undefined,
    read(
      language: string,
      _namespace: string,
      callback: (error: unknown, data: object | false) => void,
    ) {
      const load = lazyLanguages[language];
      if (!load) return callback(null, language === 'en' ? en : false);
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error, false),
      );
    },
  })
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });

const applyLang = (lng: string) => {
  if (typeof document === 'undefined') return; // server rendering (entry-server.tsx)
  document.documentElement.lang = lng.split('-')[0] ?? 'en';
};
applyLang(i18n.resolvedLanguage ?? 'en');
i18n.on('languageChanged', () => applyLang(i18n.resolvedLanguage ?? 'en'));

export default i18n;
