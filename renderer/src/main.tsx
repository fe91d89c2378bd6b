// The UI's entry point: the query client (server state), the message catalogs, and the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { ApiError } from './api/errors.ts';
import { installPrinting } from './components/printing.ts';
import './styles/index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A local service: data is fresh until something says otherwise (our writes invalidate).
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      // Client errors (400, 403, 404) will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

installPrinting();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
