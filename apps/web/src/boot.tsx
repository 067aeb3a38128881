import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { errorFromJson } from './lib/api';
import { queryClient } from './lib/app-query-client';
import { seedSessionUser } from './lib/session-user';
import type { Theme } from './providers/theme';
import { App } from './App';

/** Starts the app: hydrates a server-rendered page (entry-server.tsx) or draws it from scratch. */
export async function boot(root: HTMLElement) {
  // The chosen language's texts first, so the first paint is already in that language.
  await i18nReady.catch(() => undefined);
  if (root.dataset.ssr === undefined) {
    seedSessionUser(document, queryClient);
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // What the server read for this page (a shared gallery, the visitor's signed-out state).
  const state = document.getElementById('ssr-state')?.textContent;
  if (state) hydrateServerState(JSON.parse(state) as DehydratedState);
  const theme = document.documentElement.dataset.theme as Theme | undefined;
  hydrateRoot(
    root,
    <StrictMode>
      <App theme={theme} />
    </StrictMode>,
  );
}

/**
 * An error the server met (an unknown or expired share) arrives as JSON: it becomes an Error again
 * and is not asked for again while hydrating, so the page hydrates the screen it was drawn with.
 */
function hydrateServerState(state: DehydratedState) {
  for (const query of state.queries) {
    if (query.state.status !== 'error') continue;
    query.state.error = errorFromJson(query.state.error);
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(queryClient, state);
}
