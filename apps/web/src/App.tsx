import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/app-query-client';
import { SoundProvider } from '@/providers/sound';
import { ThemeProvider } from '@/providers/theme';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SoundProvider>
          <AppRoutes />
          <Toaster />
        </SoundProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
