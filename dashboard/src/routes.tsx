/**
 * The dashboard's pages. The server opens index.html for exactly these paths (DASHBOARD_PAGES in
 * src/infrastructure/dashboard/dashboard.module.ts): add a page in both places.
 */
import { type ReactNode, useState } from 'react';
import { createBrowserRouter, Link, Navigate, useLocation, useRouteError } from 'react-router';
import { useSession } from './auth';
import { ErrorNotice } from './components/ErrorNotice';
import { Layout } from './components/Layout';
import { PageHeader } from './components/Page';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage, VerifyPendingPage } from './pages/AuthPages';

function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Log-in and sign-up pages send a logged-in visitor on; a session started on the page itself lets the page decide where to go. */
function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [arrivedLoggedIn] = useState(session !== null);
  return arrivedLoggedIn ? <Navigate to="/" replace /> : children;
}

function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no page here. Go to the <Link to="/">overview</Link>.
      </p>
    </>
  );
}

function RouteError() {
  const error = useRouteError();
  return (
    <main className="content" id="main">
      <PageHeader title="Something went wrong" />
      <ErrorNotice error={error} />
      <p>
        <a href="/">Reload the dashboard</a>
      </p>
    </main>
  );
}

/** Pages load on first visit: the render composer carries the compositions and the map data. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    path: '/signup',
    element: (
      <GuestOnly>
        <SignupPage />
      </GuestOnly>
    ),
  },
  {
    path: '/forgot-password',
    element: (
      <GuestOnly>
        <ForgotPasswordPage />
      </GuestOnly>
    ),
  },
  // Not for guests only: whoever opens the e-mailed link may still be logged in, in this tab, to the same account.
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    path: '/verify-pending',
    element: (
      <RequireSession>
        <VerifyPendingPage />
      </RequireSession>
    ),
  },
  {
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('./pages/OverviewPage')) },
      { path: 'render/new', lazy: page(() => import('./compose/ComposePage')) },
      { path: 'renders', lazy: page(() => import('./pages/RendersPage')) },
      { path: 'renders/:jobId', lazy: page(() => import('./pages/RenderPage')) },
      { path: 'batches', lazy: page(() => import('./pages/BatchesPage')) },
      { path: 'batches/:batchId', lazy: page(() => import('./pages/BatchPage')) },
      { path: 'templates', lazy: page(() => import('./pages/TemplatesPage')) },
      { path: 'keys', lazy: page(() => import('./pages/ApiKeysPage')) },
      { path: 'webhooks', lazy: page(() => import('./pages/WebhooksPage')) },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
