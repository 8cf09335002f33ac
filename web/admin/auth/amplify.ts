import { Amplify } from 'aws-amplify';
import { AuthError, decodeJWT } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { adminConfigPath, type AdminConfig } from '../../../shared/admin-api';

/**
 * Amplify's Auth category, configured at run time from /admin/config.json,
 * so one build serves every environment: AWS and the local stack differ only
 * in that file (cognito-local's address is its `userPoolEndpoint`).
 */

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type CognitoTokens = Awaited<ReturnType<TokenRefresher>>;

export async function loadAdminConfig(): Promise<AdminConfig> {
  const response = await fetch(adminConfigPath, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${adminConfigPath} answered ${response.status}`);
  return (await response.json()) as AdminConfig;
}

export function configureAmplify(config: AdminConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  // After configure(), which installs Amplify's own refresher (docs/decisions/0012-the-admin-pages.md).
  cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(refreshWithRefreshToken(config));
}

/**
 * Renews the tokens with InitiateAuth REFRESH_TOKEN_AUTH, the flow Cognito
 * and cognito-local both know; Amplify's own refresher calls
 * GetTokensFromRefreshToken, which cognito-local lacks. Calls made while a
 * refresh is under way share it.
 */
export function refreshWithRefreshToken(config: AdminConfig): TokenRefresher {
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  let pending: Promise<CognitoTokens> | undefined;

  const refresh = async ({ tokens, username }: Parameters<TokenRefresher>[0]): Promise<CognitoTokens> => {
    if (!tokens.refreshToken) throw new AuthError({ name: 'NotAuthorizedException', message: 'No refresh token is stored' });
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: config.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
        }),
      });
    } catch (error) {
      // Not an authentication failure: Amplify keeps the tokens and a later call tries again.
      throw new AuthError({ name: 'NetworkError', message: 'The user pool could not be reached', underlyingError: error });
    }
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    const result = body.AuthenticationResult;
    if (!response.ok || !result?.AccessToken) {
      // "NotAuthorizedException" or "com.amazonaws…#NotAuthorizedException": Amplify signs out on the former.
      const name = body.__type?.split('#').pop() || 'UnknownException';
      throw new AuthError({ name, message: body.message ?? `The user pool answered ${response.status}` });
    }
    const accessToken = decodeJWT(result.AccessToken);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      // REFRESH_TOKEN_AUTH gives no new refresh token: the one stored stays valid.
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: (accessToken.payload.iat ?? 0) * 1000 - Date.now(),
      username,
    };
  };

  return (args) => {
    pending ??= refresh(args).finally(() => (pending = undefined));
    return pending;
  };
}
