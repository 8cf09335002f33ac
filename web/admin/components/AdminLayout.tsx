import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageButtons } from '../../shared/components/LanguageChoices';
import { Logo } from '../../shared/components/Logo';
import { PageErrorBoundary } from '../../shared/components/PageErrorBoundary';
import { useLocalize } from '../../shared/i18n/language';
import { endSession, useSession } from '../auth/session';
import { useOrderCounts } from '../api/order-counts';
import { adminText } from '../texts';
import { Loading } from './feedback';

const navigation = [
  { to: '/', label: adminText.nav.dashboard, end: true },
  { to: '/orders', label: adminText.nav.orders, end: false },
  { to: '/products', label: adminText.nav.products, end: false },
  { to: '/media', label: adminText.nav.media, end: false },
  { to: '/translations', label: adminText.nav.translations, end: false },
  { to: '/catalogue', label: adminText.nav.catalogue, end: false },
  { to: '/dealer', label: adminText.nav.dealer, end: false },
  { to: '/notifications', label: adminText.nav.notifications, end: false },
];

/** The frame of every signed-in page: who is signed in, the language, the menu with the count of new orders. */
export function AdminLayout() {
  const localize = useLocalize();
  const session = useSession();
  const { pathname } = useLocation();
  const counts = useOrderCounts();
  const newOrders = counts.data?.new ?? 0;

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3">
        {localize(adminText.skipToContent)}
      </a>
      <header className="border-b border-line bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          <NavLink to="/" className="flex min-h-11 items-center gap-2 font-bold text-brand-800">
            <Logo className="size-9" />
            <span>{localize(adminText.title)}</span>
          </NavLink>
          <div className="ms-auto flex flex-wrap items-center gap-2">
            {session.state === 'signedIn' && (
              <p className="hidden text-sm text-ink-muted sm:block">
                {localize(adminText.signIn.signedInAs)} <span dir="ltr">{session.staff.email}</span>
              </p>
            )}
            {session.state === 'signedIn' && !session.staff.authenticatorApp && (
              <Link to="/authenticator-app" className="min-h-11 content-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50">
                {localize(adminText.authenticator.link)}
              </Link>
            )}
            <LanguageButtons />
            <button
              type="button"
              onClick={() => void endSession()}
              className="min-h-11 rounded-lg px-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {localize(adminText.signIn.signOut)}
            </button>
          </div>
        </div>
        <nav aria-label={localize(adminText.nav.label)} className="mx-auto max-w-7xl px-2">
          <ul className="flex flex-wrap gap-x-1">
            {navigation.map(({ to, label, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className="flex min-h-11 items-center gap-2 whitespace-nowrap border-b-4 border-transparent px-3 font-medium hover:text-brand-800 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900"
                >
                  {localize(label)}
                  {to === '/orders' && newOrders > 0 && (
                    <span className="rounded-full bg-harvest-400 px-2 text-sm font-bold text-ink">
                      <span aria-hidden="true">{newOrders}</span>
                      <span className="sr-only">{localize(adminText.orders.newCount(newOrders))}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
