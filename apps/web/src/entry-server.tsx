import { dehydrate, QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import type { Readable } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { apiErrorOf, errorToJson } from '@/lib/api';
import type { Theme } from '@/providers/theme';
import { CURRENT_USER_KEY } from './hooks/use-current-user';
import { App } from './App';
import en from './i18n/en.json';

/** Built by `vite build --ssr` into dist-ssr/; apps/server/src/platform/web-pages.ts calls it. */
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PageQuery {
  key: unknown[];
  /** The answer the browser's query would have had; or `error`, the non-OK answer it had. */
  data?: unknown;
  error?: { status: number; body: string };
}

export interface RenderInput {
  path: string;
  search: string;
  language: Language;
  theme: Theme;
  /** Queries the page reads, already answered by the server (the visitor is signed out). */
  queries: PageQuery[];
}

const translators = new Map<Language, Promise<i18n>>();
function translator(language: Language) {
  let found = translators.get(language);
  if (!found) {
    const instance = i18next.createInstance();
    // Imported the way the browser's i18n imports them, so the client build keeps one chunk each.
    found = Promise.all([import('./i18n/de.json'), import('./i18n/fr.json')])
      .then(([de, fr]) =>
        instance.init({
          lng: language,
          fallbackLng: 'en',
          resources: {
            en: { translation: en },
            de: { translation: de.default },
            fr: { translation: fr.default },
          },
          interpolation: { escapeValue: false },
        }),
      )
      .then(() => instance);
    translators.set(language, found);
  }
  return found;
}

async function streamToString(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page's HTML (waiting for its lazy screens) and the query state the browser hydrates from. */
export async function render(input: RenderInput): Promise<{ html: string; state: unknown }> {
  const client = new QueryClient({
    // Queries not answered here stay pending (their loading state); the browser reads them.
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Infinity,
        queryFn: () => new Promise(() => {}),
      },
    },
  });
  client.setQueryData(CURRENT_USER_KEY, null);
  for (const query of input.queries) {
    if (query.error === undefined) client.setQueryData(query.key, query.data);
    else {
      // The same ApiError the browser's client would have thrown for this answer.
      const error = await apiErrorOf(
        new Response(query.error.body, { status: query.error.status }),
      );
      await client.prefetchQuery({ queryKey: query.key, queryFn: () => Promise.reject(error) });
    }
  }
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={await translator(input.language)}>
        <Router ssrPath={input.path} ssrSearch={input.search}>
          <App client={client} theme={input.theme} />
        </Router>
      </I18nextProvider>
    </StrictMode>,
  );
  // react-dom/static resolves to its Node build here (the types describe the browser one).
  const html = await streamToString(prelude as unknown as Readable);
  // Errors too (a 404 or 410 share): the browser hydrates the same error screen.
  const state = dehydrate(client, { shouldDehydrateQuery: () => true });
  for (const query of state.queries) {
    // An Error does not survive JSON on its own (boot.tsx makes it one again).
    const error = query.state.error;
    if (error instanceof Error) query.state.error = errorToJson(error) as unknown as Error;
  }
  client.clear();
  return { html, state };
}
