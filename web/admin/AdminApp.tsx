import { lazy, Suspense, useLayoutEffect } from 'react';
import { Route, Routes } from 'react-router';
import { textDirection } from '../../shared/languages';
import { PageLanguage, useLocalize } from '../shared/i18n/language';
import { useStoredLanguage } from '../shared/i18n/language-choice';
import { RequireSession } from './auth/RequireSession';
import { AdminLayout } from './components/AdminLayout';
import { Loading } from './components/feedback';
import { PageHeading } from './components/PageHeading';
import { adminManifestPath } from './home-screen';
import { adminText } from './texts';

// Each page its own chunk: the product editor brings the form library, the others stay light.
const LoginPage = lazy(() => import('./auth/LoginPage'));
const AuthenticatorAppPage = lazy(() => import('./auth/AuthenticatorAppPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const OrdersPage = lazy(() => import('./features/orders/OrdersPage'));
const OrderPage = lazy(() => import('./features/orders/OrderPage'));
const ProductsPage = lazy(() => import('./features/products/ProductsPage'));
const ProductEditorPage = lazy(() => import('./features/products/ProductEditorPage'));
const MediaPage = lazy(() => import('./features/media/MediaPage'));
const TranslationsPage = lazy(() => import('./features/content/TranslationsPage'));
const CataloguePage = lazy(() => import('./features/content/CataloguePage'));
const DealerPage = lazy(() => import('./features/content/DealerPage'));
// The push code loads only here (the inbox's budget, docs/decisions/0022).
const NotificationsPage = lazy(() => import('./features/notifications/NotificationsPage'));

/** The admin's pages, under /admin (the router's basename), in the language the staff member chose last (on the site too). */
export function AdminApp() {
  const language = useStoredLanguage();
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
    // Installing the admin names it in the staff member's language.
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', adminManifestPath(language));
  }, [language]);

  return (
    <PageLanguage value={language}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route
            element={
              <RequireSession>
                <AdminLayout />
              </RequireSession>
            }
          >
            <Route index element={<DashboardPage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:orderId" element={<OrderPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="products/new" element={<ProductEditorPage />} />
            <Route path="products/:productId" element={<ProductEditorPage />} />
            <Route path="media" element={<MediaPage />} />
            <Route path="translations" element={<TranslationsPage />} />
            <Route path="catalogue" element={<CataloguePage />} />
            <Route path="dealer" element={<DealerPage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="authenticator-app" element={<AuthenticatorAppPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </PageLanguage>
  );
}

function NotFound() {
  const localize = useLocalize();
  return <PageHeading title={localize(adminText.notFound)} />;
}
