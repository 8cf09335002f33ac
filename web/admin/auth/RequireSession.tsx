import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useLocalize } from '../../shared/i18n/language';
import { ErrorMessage, Loading } from '../components/feedback';
import { buttonClass } from '../components/styles';
import { adminText } from '../texts';
import { signInPath } from './return-path';
import { mustSetUpAuthenticator, useSession } from './session';

/**
 * The admin's pages for signed-in staff only: a spinner while the session
 * loads, the sign-in page (and back) without one, or while an authenticator
 * app the staff member's group requires is not set up.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.state === 'loading') return <Loading />;
  if (session.state === 'unavailable') return <Unavailable />;
  if (session.state === 'signedOut' || mustSetUpAuthenticator(session)) return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  return children;
}

export function Unavailable() {
  const localize = useLocalize();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <ErrorMessage>
        <p>{localize(adminText.unavailable)}</p>
        <button type="button" onClick={() => window.location.reload()} className={`${buttonClass} mt-3`}>
          {localize(adminText.reload)}
        </button>
      </ErrorMessage>
    </main>
  );
}
