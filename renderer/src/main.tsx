// The UI's entry point: the query client (server state), the message catalogs, and the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { ApiError } from './api/errors.ts';
import { installPrinting } from './components/printing.ts';
import { loadCatalog } from './i18n/catalogs.ts';
import { chooseLanguage } from './i18n/language.ts';
import { useUi } from './state/ui-store.ts';
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
// The likely language's catalog before the first render, when it is not English (the site's
// language is not known yet: a site-chosen Spanish is fetched once the session says so). A failed
// fetch draws the UI in English rather than not at all.
// (Not a top-level await: with one, the bundler splits the first load into many more files.)
const likely = chooseLanguage({
  setting: useUi.getState().preferences.language,
  system: navigator.language,
  site: undefined,
});
void loadCatalog(likely)
  .catch(() => {})
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
