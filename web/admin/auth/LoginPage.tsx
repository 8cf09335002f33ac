import { confirmSignIn, signIn } from 'aws-amplify/auth';
import { useId, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { Language } from '../../../shared/languages';
import { validationMessage } from '../../../shared/forms/validation-messages';
import { LanguageButtons } from '../../shared/components/LanguageChoices';
import { Logo } from '../../shared/components/Logo';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { ErrorMessage, Loading, StatusMessage } from '../components/feedback';
import { PageHeading } from '../components/PageHeading';
import { buttonClass, inputClass, labelClass } from '../components/styles';
import { adminText } from '../texts';
import { Unavailable } from './RequireSession';
import { returnPath } from './return-path';
import { useSession } from './session';

const text = adminText.signIn;
const emailPattern = /^[^\s@]+@[^\s@]+$/;

type Step = 'password' | 'newPassword';
type FieldErrors = Partial<Record<'email' | 'password' | 'newPassword', string>>;

/**
 * /admin/login (spec 000, "Admin"): e-mail and password, both required,
 * with Cognito's USER_PASSWORD_AUTH flow (decision 4). A user created with a
 * temporary password chooses their own first. Signed in, the staff member
 * goes to the page they asked for, or the dashboard.
 */
export default function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.state === 'loading') return <Loading />;
  if (session.state === 'unavailable') return <Unavailable />;
  if (session.state === 'signedIn') return <Navigate to={returnPath(params.get('next'))} replace />;
  return <SignInForm expired={session.expired === true} />;
}

function SignInForm({ expired }: { expired: boolean }) {
  const language = useLanguage();
  const localize = useLocalize();
  const ids = useId();
  const [step, setStep] = useState<Step>('password');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const errors = step === 'password' ? checkCredentials(value('email'), value('password'), language) : checkNewPassword(value('newPassword'), language);
    setFieldErrors(errors);
    setFailure(undefined);
    if (Object.keys(errors).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      // Signed in, Amplify's Hub tells the session, and this page moves on.
      const { isSignedIn, nextStep } =
        step === 'password'
          ? await signIn({ username: value('email').trim(), password: value('password'), options: { authFlowType: 'USER_PASSWORD_AUTH' } })
          : await confirmSignIn({ challengeResponse: value('newPassword') });
      if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') setStep('newPassword');
      else if (!isSignedIn) setFailure(localize(adminText.anError));
    } catch (error) {
      setFailure(signInFailure(error, step, language));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof FieldErrors, label: string, input: { type: string; autoComplete: string; help?: string }) => {
    const error = fieldErrors[name];
    const described = [input.help && `${ids}-${name}-help`, error && `${ids}-${name}-error`].filter(Boolean).join(' ');
    return (
      <div className="mb-4">
        <label htmlFor={`${ids}-${name}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`${ids}-${name}`}
          name={name}
          type={input.type}
          required
          autoComplete={input.autoComplete}
          dir={input.type === 'email' ? 'ltr' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={inputClass}
        />
        {input.help && (
          <p id={`${ids}-${name}-help`} className="mt-1 text-sm text-ink-muted">
            {input.help}
          </p>
        )}
        {error && (
          <p id={`${ids}-${name}-error`} className="mt-1 text-sm font-medium text-danger-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-6 flex items-center gap-2">
        <Logo className="size-10" />
        <span className="font-bold text-brand-800">{localize(adminText.title)}</span>
        <div className="ms-auto">
          <LanguageButtons />
        </div>
      </div>
      <div className="rounded-card border border-line bg-white p-5 shadow-sm sm:p-6">
        <PageHeading title={localize(step === 'password' ? text.title : text.newPasswordTitle)} />
        {expired && step === 'password' && <StatusMessage>{localize(adminText.sessionEnded)}</StatusMessage>}
        {step === 'newPassword' && <p className="mb-4">{localize(text.newPasswordText)}</p>}
        <form noValidate onSubmit={(event) => void submit(event)}>
          {step === 'password' ? (
            <>
              {field('email', localize(text.email), { type: 'email', autoComplete: 'username' })}
              {field('password', localize(text.password), { type: 'password', autoComplete: 'current-password' })}
            </>
          ) : (
            field('newPassword', localize(text.newPassword), { type: 'password', autoComplete: 'new-password', help: localize(text.newPasswordHelp) })
          )}
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
            {localize(busy ? text.busy : step === 'password' ? text.submit : text.setPassword)}
          </button>
        </form>
      </div>
    </main>
  );
}

function checkCredentials(email: string, password: string, language: Language): FieldErrors {
  const errors: FieldErrors = {};
  const emailLabel = { label: text.email[language] };
  if (email.trim() === '') errors.email = validationMessage({ keyword: 'required', params: {} }, emailLabel, language);
  else if (!emailPattern.test(email.trim())) errors.email = validationMessage({ keyword: 'format', params: {} }, emailLabel, language);
  if (password === '') errors.password = validationMessage({ keyword: 'required', params: {} }, { label: text.password[language] }, language);
  return errors;
}

function checkNewPassword(password: string, language: Language): FieldErrors {
  return password === '' ? { newPassword: validationMessage({ keyword: 'required', params: {} }, { label: text.newPassword[language] }, language) } : {};
}

/** Cognito's refusals by exception name, in the staff member's words. */
const knownFailures: Record<string, keyof typeof adminText.signInErrors> = {
  NotAuthorizedException: 'wrongCredentials',
  UserNotFoundException: 'wrongCredentials',
  LimitExceededException: 'tooManyAttempts',
  TooManyRequestsException: 'tooManyAttempts',
  PasswordResetRequiredException: 'resetRequired',
};

/** Cognito's refusal in the staff member's language when it is a known one, else the provider's own message. */
function signInFailure(error: unknown, step: Step, language: Language): string {
  const { name = '', message } = (error ?? {}) as { name?: string; message?: string };
  // A new password breaking the pool's policy; cognito-local also answers a wrong password with it.
  if (name === 'InvalidPasswordException') return adminText.signInErrors[step === 'newPassword' ? 'weakPassword' : 'wrongCredentials'][language];
  const known = knownFailures[name];
  if (known) return adminText.signInErrors[known][language];
  if (name === 'NetworkError' || error instanceof TypeError) return adminText.networkError[language];
  return message || adminText.anError[language];
}
