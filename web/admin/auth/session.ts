import { fetchAuthSession, fetchMFAPreference, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useSyncExternalStore } from 'react';
import type { StaffMember as ApiStaffMember } from '../../../shared/admin-api';
import { configureAmplify, loadAdminConfig } from './amplify';

/**
 * The staff member's session, as the pages see it: loading (a spinner),
 * signed out (the sign-in page), or signed in with their e-mail and groups.
 * Amplify's Hub keeps it current: signing in or out, in this tab or another,
 * a token refreshed, or a refresh that failed.
 */

export type StaffMember = Pick<ApiStaffMember, 'email' | 'groups'> & {
  /** Whether they sign in with a code from an authenticator app as well as their password (TOTP MFA). */
  authenticatorApp: boolean;
};

export type Session =
  | { state: 'loading' }
  /** /admin/config.json could not be read: nothing can be signed in. */
  | { state: 'unavailable' }
  /** `expired`: the session ended on its own (its refresh was refused), not by signing out. */
  | { state: 'signedOut'; expired?: boolean }
  | { state: 'signedIn'; staff: StaffMember };

let session: Session = { state: 'loading' };
const listeners = new Set<() => void>();
let started: Promise<void> | undefined;
/** The groups whose members set up an authenticator app before any page (`mfaRequiredFor` of /admin/config.json). */
let mfaRequiredFor: readonly string[] = [];
/** Set when the session ended on its own (a refused refresh, a token the API refused), until the next sign-in. */
let ended = false;

function setSession(next: Session) {
  session = next;
  listeners.forEach((listener) => listener());
}

/** Reads /admin/config.json, configures Amplify, reads the stored session and listens to its events (once). */
export function startSession(): Promise<void> {
  started ??= (async () => {
    try {
      const config = await loadAdminConfig();
      configureAmplify(config);
      mfaRequiredFor = config.mfaRequiredFor ?? [];
    } catch {
      return setSession({ state: 'unavailable' });
    }
    Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          ended = false;
          void readSession();
          break;
        case 'tokenRefresh':
          void readSession();
          break;
        case 'signedOut':
          setSession({ state: 'signedOut', expired: ended });
          break;
        case 'tokenRefresh_failure':
          // A refused refresh token: Amplify has dropped the tokens, and without them the session has ended.
          ended = true;
          void readSession();
          break;
      }
    });
    await readSession();
  })();
  return started;
}

/** Reads the stored session again, and whether its staff member has an authenticator app (Cognito's GetUser). */
export async function readSession(): Promise<void> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken) return setSession({ state: 'signedOut', expired: ended });
    const groups = tokens.accessToken.payload['cognito:groups'];
    const email = tokens.idToken?.payload.email;
    const authenticatorApp = await hasAuthenticatorApp();
    setSession({
      state: 'signedIn',
      staff: {
        email: typeof email === 'string' ? email : String(tokens.accessToken.payload.username ?? ''),
        groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
        authenticatorApp,
      },
    });
  } catch {
    // The user pool could not be reached (the tokens are kept): a session under way goes on, its next call tries again.
    if (session.state !== 'signedIn') setSession({ state: 'signedOut', expired: ended });
  }
}

/**
 * Whether the signed-in staff member has an authenticator app. When Cognito
 * cannot be asked (a weak line), the session still opens from its stored
 * tokens: what was known stays, else the app is taken as set up (the rule is
 * the pages', not the API's: decision 23), and the next reading asks again.
 */
async function hasAuthenticatorApp(): Promise<boolean> {
  try {
    const { enabled = [] } = await fetchMFAPreference();
    return enabled.includes('TOTP');
  } catch {
    return session.state === 'signedIn' ? session.staff.authenticatorApp : true;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => session);
}

/** Whether the signed-in staff member may change products and media (the `admin` group; the API checks it again). */
export function isAdmin(current: Session): boolean {
  return current.state === 'signedIn' && current.staff.groups.includes('admin');
}

/**
 * Whether the signed-in staff member must set up an authenticator app before
 * any page: a member of a group the settings name (`admin` in AWS) without
 * one. The user pool's MFA is optional, so the pages require it (decision 23).
 */
export function mustSetUpAuthenticator(current: Session): boolean {
  return current.state === 'signedIn' && !current.staff.authenticatorApp && current.staff.groups.some((group) => mfaRequiredFor.includes(group));
}

/** The access token the API takes, refreshed by Amplify when it has expired; undefined when signed out. */
export async function accessToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

/**
 * Ends the session on this device. `expired`: the API refused the token, so
 * the sign-in page says the session has ended.
 */
export async function endSession({ expired = false } = {}): Promise<void> {
  ended = expired;
  await signOut().catch(() => undefined);
  setSession({ state: 'signedOut', expired });
}
