import { MaprError } from '@mapr/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SessionProvider } from './auth';
import { router } from './routes';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The SDK has already retried what may pass (lost connections, 5xx, a 429 whose window turns within a minute,
      // waiting as `Retry-After` says): a 429 that is still there is tried once more when its window has turned;
      // anything else is an answer, not an accident.
      retry: (failures, error) => error instanceof MaprError && error.status === 429 && failures < 1,
      retryDelay: (failures, error) =>
        error instanceof MaprError && error.retry_after_seconds ? error.retry_after_seconds * 1000 : 1000 * 2 ** failures,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
