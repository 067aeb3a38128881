import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProviderButtons } from './ProviderButtons';

function drawn(providers: { google: boolean; github: boolean; oidc: boolean } | undefined) {
  // The answer never comes in the test unless it was set: as on a first, still loading screen.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise(() => undefined) } },
  });
  if (providers) client.setQueryData(['/api/auth/providers'], providers);
  return renderToString(
    createElement(QueryClientProvider, { client }, createElement(ProviderButtons)),
  );
}

describe('the sign-in provider buttons', () => {
  it('show only the providers this server has configured', () => {
    const google = drawn({ google: true, github: false, oidc: false });
    expect(google).toContain('Google');
    expect(google).not.toContain('GitHub');
    const both = drawn({ google: true, github: true, oidc: true });
    expect(both).toContain('Google');
    expect(both).toContain('GitHub');
  });

  it('show nothing, not even the divider, when none is configured or the answer is not in', () => {
    expect(drawn({ google: false, github: false, oidc: true })).toBe('');
    expect(drawn(undefined)).toBe('');
  });
});
