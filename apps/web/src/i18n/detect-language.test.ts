import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageCandidates } from './detect-language.ts';

const storage = (value?: string) => ({ getItem: () => value ?? null }) as unknown as Storage;

function browser(place: {
  query?: string;
  cookie?: string;
  local?: string;
  session?: string;
  languages?: string[];
  html?: string;
}) {
  vi.stubGlobal('window', { location: { search: place.query ?? '' } });
  vi.stubGlobal('document', {
    cookie: place.cookie ?? '',
    documentElement: { lang: place.html ?? '' },
  });
  vi.stubGlobal('localStorage', storage(place.local));
  vi.stubGlobal('sessionStorage', storage(place.session));
  vi.stubGlobal('navigator', { languages: place.languages ?? [] });
}

afterEach(() => vi.unstubAllGlobals());

describe('languageCandidates', () => {
  it('asks the query, cookie, local and session storage, browser and html tag, in that order', () => {
    browser({
      query: '?lng=fr',
      cookie: 'theme=dark; i18nextLng=de',
      local: 'en',
      session: 'es',
      languages: ['it-IT', 'it'],
      html: 'nl',
    });
    expect(languageCandidates()).toEqual(['fr', 'de', 'en', 'es', 'it-IT', 'it', 'nl']);
  });
  it('skips the places that say nothing, and a cookie it cannot read', () => {
    browser({ cookie: 'i18nextLng=%E0%A4%A', session: 'de', html: 'fr' });
    expect(languageCandidates()).toEqual(['de', 'fr']);
    browser({ cookie: 'i18nextLng=fr' });
    expect(languageCandidates()).toEqual(['fr']);
  });
});
