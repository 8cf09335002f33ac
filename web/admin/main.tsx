import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adminPath } from '../../shared/admin-api';
import { keepEarlierChoice } from '../shared/i18n/language-choice';
import { AdminApp } from './AdminApp';
import { AdminApiError } from './api/client';
import { startSession } from './auth/session';
import './admin.css';

/**
 * The staff admin, served for /admin and every path below it: a page of its
 * own, built apart from the site (docs/decisions/0012-the-admin-pages.md).
 */
void startSession();
keepEarlierChoice();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; the network or a 5xx may.
      retry: (failures, error) => failures < 2 && !(error instanceof AdminApiError && error.status >= 400 && error.status < 500),
      staleTime: 15_000,
    },
  },
});

// A data router, for its blocker: a page with unsaved edits asks before it is left (web/admin/features/content/DraftPage.tsx).
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }], { basename: adminPath });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
