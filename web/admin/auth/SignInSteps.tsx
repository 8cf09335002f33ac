import { confirmSignIn, setUpTOTP, signIn, updateMFAPreference, verifyTOTPSetup, type SignInOutput } from 'aws-amplify/auth';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import type { Language } from '../../../shared/languages';
import { validationMessage } from '../../../shared/forms/validation-messages';
import { useLanguage, useLocalize } from '../../shared/i18n/language';
import { ErrorMessage, Loading, StatusMessage } from '../components/feedback';
import { PageHeading } from '../components/PageHeading';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '../components/styles';
import { adminText } from '../texts';
import { endSession, readSession } from './session';

const AuthenticatorKey = lazy(() => import('./AuthenticatorKey'));

const text = adminText.signIn;
const appText = adminText.authenticator;
const emailPattern = /^[^\s@]+@[^\s@]+$/;

type TotpSetupDetails = Extract<SignInOutput['nextStep'], { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' }>['totpSetupDetails'];

/** The steps of signing in, each its own form. */
export type Step =
  | { name: 'password' }
  | { name: 'newPassword' }
  /** Cognito asks for the code of the authenticator app set up before (CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
  | { name: 'code' }
  /** Cognito asks to set up an app before signing in (CONTINUE_SIGN_IN_WITH_TOTP_SETUP): a pool whose MFA is required. */
  | { name: 'setUpWhileSigningIn'; details: TotpSetupDetails }
  /** Signed in without an app: required of the groups the settings name, optional for the others (decision 23). */
  | { name: 'setUp'; required: boolean; details?: TotpSetupDetails };
type FieldErrors = Partial<Record<'email' | 'password' | 'newPassword' | 'code', string>>;

/**
 * The steps of signing in, one card each: e-mail and password with Cognito's
 * USER_PASSWORD_AUTH flow (decision 4); a new password for a user made with
 * a temporary one; the code of an authenticator app set up before; setting
 * one up, when Cognito asks during sign-in or for a signed-in staff member
 * (required of the groups the settings name, optional for the others).
 */
export function SignInSteps({
  first,
  expired = false,
  accountName,
  onDecline,
}: {
  first: Step;
  expired?: boolean;
  /** The signed-in staff member's e-mail, the account's name in their app. */
  accountName?: string;
  /** "Not now", where setting up an app is optional. */
  onDecline?: () => void;
}) {
  const language = useLanguage();
  const localize = useLocalize();
  const ids = useId();
  const [step, setStep] = useState<Step>(first);
  const [username, setUsername] = useState(accountName ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  // Signed in without an app: Cognito makes a new secret key for this account (AssociateSoftwareToken).
  const needsKey = step.name === 'setUp' && !step.details;
  useEffect(() => {
    if (!needsKey) return;
    let current = true;
    setUpTOTP().then(
      (details) => current && setStep((shown) => (shown.name === 'setUp' ? { ...shown, details } : shown)),
      (error: unknown) => current && setFailure(signInFailure(error, 'setUp', language)),
    );
    return () => {
      current = false;
    };
  }, [needsKey, language]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const errors =
      step.name === 'password'
        ? checkCredentials(value('email'), value('password'), language)
        : step.name === 'newPassword'
          ? checkNewPassword(value('newPassword'), language)
          : checkCode(value('code'), language);
    setFieldErrors(errors);
    setFailure(undefined);
    if (Object.keys(errors).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    const code = value('code').replace(/\s/g, '');
    try {
      if (step.name === 'setUp') {
        // The app's first code proves it holds the key; then Cognito asks for a code at every sign-in.
        await verifyTOTPSetup({ code });
        await updateMFAPreference({ totp: 'PREFERRED' });
        await readSession();
        return;
      }
      // Signed in, Amplify's Hub tells the session, and this page moves on.
      let output: SignInOutput;
      if (step.name === 'password') {
        setUsername(value('email').trim());
        output = await signIn({ username: value('email').trim(), password: value('password'), options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      } else {
        output = await confirmSignIn({ challengeResponse: step.name === 'newPassword' ? value('newPassword') : code });
      }
      const { isSignedIn, nextStep } = output;
      if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') setStep({ name: 'newPassword' });
      else if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') setStep({ name: 'code' });
      else if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') setStep({ name: 'setUpWhileSigningIn', details: nextStep.totpSetupDetails });
      else if (!isSignedIn) setFailure(localize(adminText.anError));
    } catch (error) {
      if ((step.name === 'code' || step.name === 'setUpWhileSigningIn') && (error as { name?: string } | null)?.name === 'NotAuthorizedException') {
        // The sign-in's few minutes have passed: start again from the password.
        setStep({ name: 'password' });
        setFailure(localize(adminText.sessionEnded));
      } else {
        setFailure(signInFailure(error, step.name, language));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof FieldErrors, label: string, input: { type: string; autoComplete: string; help?: string; inputMode?: 'numeric' }) => {
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
          inputMode={input.inputMode}
          dir={input.type === 'email' || input.inputMode ? 'ltr' : undefined}
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
    <div className="rounded-card border border-line bg-white p-5 shadow-sm sm:p-6">
      <PageHeading title={localize(stepTitles[step.name])} />
      {expired && step.name === 'password' && <StatusMessage>{localize(adminText.sessionEnded)}</StatusMessage>}
      {step.name === 'newPassword' && <p className="mb-4">{localize(text.newPasswordText)}</p>}
      {step.name === 'code' && <p className="mb-4">{localize(appText.codeText)}</p>}
      {(step.name === 'setUp' || step.name === 'setUpWhileSigningIn') && (
        <>
          <p className="mb-4">{localize(step.name === 'setUp' && !step.required ? appText.offered : appText.required)}</p>
          {step.details ? (
            <Suspense fallback={<Loading />}>
              <AuthenticatorKey setupUri={step.details.getSetupUri(window.location.hostname, username).toString()} secretKey={step.details.sharedSecret} />
            </Suspense>
          ) : (
            !failure && <Loading />
          )}
        </>
      )}
      <form key={step.name} noValidate onSubmit={(event) => void submit(event)}>
        {step.name === 'password' ? (
          <>
            {field('email', localize(text.email), { type: 'email', autoComplete: 'username' })}
            {field('password', localize(text.password), { type: 'password', autoComplete: 'current-password' })}
          </>
        ) : step.name === 'newPassword' ? (
          field('newPassword', localize(text.newPassword), { type: 'password', autoComplete: 'new-password', help: localize(text.newPasswordHelp) })
        ) : (
          field('code', localize(appText.code), { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric' })
        )}
        {failure && <ErrorMessage>{failure}</ErrorMessage>}
        <button type="submit" disabled={busy || needsKey} className={`${buttonClass} w-full`}>
          {localize(busy ? text.busy : submitLabels[step.name])}
        </button>
        {step.name === 'setUp' && (
          <button type="button" onClick={() => (step.required ? void endSession() : onDecline?.())} className={`${secondaryButtonClass} mt-3 w-full`}>
            {localize(step.required ? text.signOut : appText.notNow)}
          </button>
        )}
      </form>
    </div>
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

/** Six digits, as the app shows them (a space in the middle allowed). */
function checkCode(code: string, language: Language): FieldErrors {
  const digits = code.replace(/\s/g, '');
  if (digits === '') return { code: validationMessage({ keyword: 'required', params: {} }, { label: appText.code[language] }, language) };
  return /^\d{6}$/.test(digits) ? {} : { code: appText.codeFormat[language] };
}

const stepTitles = {
  password: text.title,
  newPassword: text.newPasswordTitle,
  code: appText.codeTitle,
  setUpWhileSigningIn: appText.setUpTitle,
  setUp: appText.setUpTitle,
} satisfies Record<Step['name'], unknown>;

const submitLabels = {
  password: text.submit,
  newPassword: text.setPassword,
  code: appText.confirm,
  setUpWhileSigningIn: appText.turnOn,
  setUp: appText.turnOn,
} satisfies Record<Step['name'], unknown>;

/** Cognito's refusals by exception name, in the staff member's words. */
const knownFailures: Record<string, keyof typeof adminText.signInErrors> = {
  NotAuthorizedException: 'wrongCredentials',
  UserNotFoundException: 'wrongCredentials',
  LimitExceededException: 'tooManyAttempts',
  TooManyRequestsException: 'tooManyAttempts',
  PasswordResetRequiredException: 'resetRequired',
  CodeMismatchException: 'wrongCode',
  // Cognito's answer to a wrong first code of a new app (VerifySoftwareToken).
  EnableSoftwareTokenMFAException: 'wrongCode',
};

/** Cognito's refusal in the staff member's language when it is a known one, else the provider's own message. */
function signInFailure(error: unknown, step: Step['name'], language: Language): string {
  const { name = '', message } = (error ?? {}) as { name?: string; message?: string };
  // A new password breaking the pool's policy; cognito-local also answers a wrong password with it.
  if (name === 'InvalidPasswordException') return adminText.signInErrors[step === 'newPassword' ? 'weakPassword' : 'wrongCredentials'][language];
  const known = knownFailures[name];
  if (known) return adminText.signInErrors[known][language];
  if (name === 'NetworkError' || error instanceof TypeError) return adminText.networkError[language];
  return message || adminText.anError[language];
}
