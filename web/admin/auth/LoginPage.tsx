import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LanguageButtons } from '../../shared/components/LanguageChoices';
import { Logo } from '../../shared/components/Logo';
import { useLocalize } from '../../shared/i18n/language';
import { Loading } from '../components/feedback';
import { adminText } from '../texts';
import { Unavailable } from './RequireSession';
import { returnPath } from './return-path';
import { mustSetUpAuthenticator, useSession } from './session';
import { SignInSteps } from './SignInSteps';

/**
 * /admin/login (spec 000, "Admin"): e-mail and password, both required; a
 * new password for a user made with a temporary one; the code of their
 * authenticator app for those who set one up. A member of a group the
 * settings require an app of (`admin` in AWS) sets one up here before any
 * page. Signed in, the staff member goes to the page they asked for, or the
 * dashboard.
 */
export default function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.state === 'loading') return <Loading />;
  if (session.state === 'unavailable') return <Unavailable />;
  if (session.state === 'signedIn') {
    if (!mustSetUpAuthenticator(session)) return <Navigate to={returnPath(params.get('next'))} replace />;
    return (
      <SignInFrame>
        <SignInSteps key="setUp" first={{ name: 'setUp', required: true }} accountName={session.staff.email} />
      </SignInFrame>
    );
  }
  return (
    <SignInFrame>
      <SignInSteps key="signIn" first={{ name: 'password' }} expired={session.expired === true} />
    </SignInFrame>
  );
}

/** The page around the sign-in steps: the dealer's logo, the admin's name and the language choice. */
function SignInFrame({ children }: { children: ReactNode }) {
  const localize = useLocalize();
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-6 flex items-center gap-2">
        <Logo className="size-10" />
        <span className="font-bold text-brand-800">{localize(adminText.title)}</span>
        <div className="ms-auto">
          <LanguageButtons />
        </div>
      </div>
      {children}
    </main>
  );
}
