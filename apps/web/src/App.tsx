import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/app-query-client';
import { useRefetchOnReturn } from '@/lib/refetch-on-return';
import { SoundProvider } from '@/providers/sound';
import { ThemeProvider, type Theme } from '@/providers/theme';
import { AppRoutes } from './routes';

/** `client` and `theme` are the server renderer's (entry-server.tsx); the browser uses its own. */
export function App({ client = queryClient, theme }: { client?: QueryClient; theme?: Theme }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider initialTheme={theme}>
        <SoundProvider>
          <RefetchOnReturn />
          <AppRoutes />
          <Toaster />
        </SoundProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Edited images and the gallery come back fresh when the person returns to the tab. */
function RefetchOnReturn() {
  useRefetchOnReturn();
  return null;
}
