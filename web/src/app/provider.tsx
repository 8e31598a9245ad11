import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-fallback';
import { AriaLocale } from '@/components/ui/aria-locale';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime';
import { ThemeProvider } from '@/lib/theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <AriaLocale>
              <AuthProvider>
                <RealtimeProvider>
                  {children}
                  <Toaster />
                </RealtimeProvider>
              </AuthProvider>
            </AriaLocale>
          </ThemeProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </Suspense>
  );
}
