// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type * as amplifyAuth from 'aws-amplify/auth';
import { confirmSignIn, fetchAuthSession, fetchMFAPreference, signIn, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AdminConfig } from '../../shared/admin-api';
import LoginPage from '../../web/admin/auth/LoginPage';
import { endSession, startSession } from '../../web/admin/auth/session';
import { PageLanguage } from '../../web/shared/i18n/language';

/**
 * The sign-in steps cognito-local cannot take: Cognito asking to set up an
 * authenticator app during sign-in (the MFA_SETUP challenge, Amplify's
 * CONTINUE_SIGN_IN_WITH_TOTP_SETUP: a pool whose MFA is required, and a
 * stand-in without AssociateSoftwareToken by session), and a code step
 * that outlived its sign-in. Amplify's calls are scripted here; the flows
 * cognito-local does run are in tests/browser/admin-sign-in.test.ts.
 */

vi.mock('aws-amplify/auth', async (original) => ({
  ...(await original<typeof amplifyAuth>()),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  fetchMFAPreference: vi.fn(),
}));

const config: AdminConfig = { region: 'eu-west-3', userPoolId: 'eu-west-3_Pool1', userPoolClientId: 'client', mfaRequiredFor: ['admin'] };
const email = 'gerant@dealer.dz';
const sharedSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** What fetchAuthSession answers once signed in: a token of an admin. */
const signedInSession = { tokens: { accessToken: { payload: { 'cognito:groups': ['admin', 'staff'], username: 'u-1' } }, idToken: { payload: { email } } } };

beforeAll(async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(config))));
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(signOut).mockResolvedValue();
  await startSession();
});

afterEach(async () => {
  cleanup();
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  await endSession();
});

function openSignIn() {
  render(
    <PageLanguage.Provider value="en">
      <MemoryRouter initialEntries={['/login?next=%2Fproducts']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/products" element={<h1>Products page</h1>} />
        </Routes>
      </MemoryRouter>
    </PageLanguage.Provider>,
  );
}

async function sendPassword() {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-Password-1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function typeCode(code: string, button: string) {
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('Cognito asks to set up an authenticator app while signing in (a pool whose MFA is required)', () => {
  test('shows the QR code and the key for the e-mail typed, refuses a malformed or wrong code, and signs in with the right one', async () => {
    const getSetupUri = vi.fn((appName: string, accountName?: string) => new URL(`otpauth://totp/${appName}:${accountName}?secret=${sharedSecret}&issuer=${appName}`));
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: { sharedSecret, getSetupUri } },
    });
    vi.mocked(confirmSignIn)
      .mockRejectedValueOnce(Object.assign(new Error('Code mismatch'), { name: 'EnableSoftwareTokenMFAException' }))
      .mockImplementationOnce(async () => {
        // Amplify stores the tokens and tells the Hub; the session reads them.
        vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession as never);
        vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
        Hub.dispatch('auth', { event: 'signedIn', data: {} as never });
        return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
      });

    openSignIn();
    await sendPassword();
    await screen.findByRole('heading', { level: 1, name: 'Set up an authenticator app' });
    await screen.findByRole('img', { name: 'QR code to scan with the app' });
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(getSetupUri).toHaveBeenCalledWith(window.location.hostname, email);
    // No way around it: the pool requires the app.
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();

    typeCode('12345', 'Turn on and continue');
    await screen.findByText('Type the 6 digits the app shows.');
    expect(confirmSignIn).not.toHaveBeenCalled();

    typeCode('123 456', 'Turn on and continue');
    await screen.findByText('This code is wrong or has expired. Type the code the app shows now.');
    expect(confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });

    typeCode('654321', 'Turn on and continue');
    await screen.findByRole('heading', { name: 'Products page' });
    expect(confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '654321' });
  });
});

describe('the code of an app set up before', () => {
  test('asked after the password; once the sign-in has outlived its few minutes, it starts again from the password', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    vi.mocked(confirmSignIn).mockRejectedValueOnce(Object.assign(new Error('Invalid session for the user, session is expired.'), { name: 'NotAuthorizedException' }));

    openSignIn();
    await sendPassword();
    await screen.findByRole('heading', { level: 1, name: 'Authenticator app code' });
    expect(screen.getByLabelText('6-digit code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByLabelText('6-digit code').getAttribute('inputmode')).toBe('numeric');

    typeCode('000111', 'Confirm');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    expect(screen.getByText('Your session has ended. Sign in again.')).toBeTruthy();
  });
});
