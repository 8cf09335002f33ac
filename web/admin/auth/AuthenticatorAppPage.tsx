import { useNavigate } from 'react-router';
import { useLocalize } from '../../shared/i18n/language';
import { StatusMessage } from '../components/feedback';
import { PageHeading } from '../components/PageHeading';
import { adminText } from '../texts';
import { useSession } from './session';
import { SignInSteps } from './SignInSteps';

/**
 * /admin/authenticator-app: a staff member sets up an authenticator app of
 * their own accord (optional outside the groups that must, decision 23);
 * from then on Cognito asks for its code after the password.
 */
export default function AuthenticatorAppPage() {
  const session = useSession();
  const localize = useLocalize();
  const navigate = useNavigate();
  if (session.state !== 'signedIn') return null;
  if (session.staff.authenticatorApp) {
    return (
      <>
        <PageHeading title={localize(adminText.authenticator.link)} />
        <StatusMessage>{localize(adminText.authenticator.turnedOn)}</StatusMessage>
      </>
    );
  }
  return (
    <div className="max-w-md">
      <SignInSteps first={{ name: 'setUp', required: false }} accountName={session.staff.email} onDecline={() => void navigate('/')} />
    </div>
  );
}
