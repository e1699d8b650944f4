import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { SessionProvider } from './auth';
import { router } from './routes';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 429 is retried once its window has turned; 4xx otherwise are answers, not accidents.
      retry: (failures, error) => {
        if (error instanceof ApiError && error.status === 429) return failures < 3;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failures < 2;
      },
      retryDelay: (failures, error) =>
        error instanceof ApiError && error.body.retry_after_seconds ? error.body.retry_after_seconds * 1000 : 1000 * 2 ** failures,
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
