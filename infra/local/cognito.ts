import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { staffRoles, type StaffRole } from '../../lambdas/routes';
import { startChildService } from './child-service';
import { localHost, reservePort } from './ports';
import type { ChildState } from './supervised-child';

/**
 * Cognito stand-in: cognito-local in a child process (its state lives in
 * `<dir>/.cognito`), plus the staff user pool, app client, the `staff` and
 * `admin` groups and the admin user (in both) the admin pages sign in with.
 */

export interface LocalCognito {
  endpoint: string;
  port: number;
  /** cognito-local's process, restarted on the same port and state folder if it dies. */
  child: ChildState;
  close(): Promise<void>;
}

export interface StaffDirectory {
  userPoolId: string;
  clientId: string;
  admin: { email: string; password: string };
}

export const staffPoolName = 'agri-dealer-staff';
export const adminEmail = 'admin@agri-dealer.local';

export async function startCognito({ dir, port, log }: { dir: string; port: number; log?(line: string): void }): Promise<LocalCognito> {
  await mkdir(dir, { recursive: true });
  // cognito-local writes its port into token issuers, so it must know the real port up front.
  const bound = await reservePort(port, 'Cognito (cognito-local)');
  const service = await startChildService({
    service: 'Cognito (cognito-local)',
    script: createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js'),
    port: bound,
    cwd: dir,
    env: { HOST: localHost, PORT: String(bound) },
    log,
  });
  return { endpoint: `http://${localHost}:${bound}`, port: bound, child: service.child, close: service.close };
}

export function createCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Makes sure the staff pool, its app client and the admin user exist,
 * reusing what an earlier start saved; whatever cognito-local lost (its state
 * folder wiped) is created again, keeping the admin's password.
 */
export async function ensureStaffDirectory(
  client: CognitoIdentityProviderClient,
  saved: StaffDirectory | undefined,
): Promise<StaffDirectory> {
  const password = saved?.admin.password ?? generatePassword();
  const userPoolId =
    saved && (await exists(() => client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }))))
      ? saved.userPoolId
      : await createStaffPool(client);

  const clientId =
    saved?.userPoolId === userPoolId &&
    (await exists(() => client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: saved.clientId }))))
      ? saved.clientId
      : await createAppClient(client, userPoolId);

  const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  for (const group of staffRoles.filter((role) => !Groups.some((existing) => existing.GroupName === role))) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  const hasAdmin = await exists(() => client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: adminEmail })));
  if (!hasAdmin) await createAdmin(client, userPoolId, password);
  // Also for a data folder made before the groups existed; adding a member twice changes nothing.
  for (const group of staffRoles) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: adminEmail, GroupName: group }));
  }
  return { userPoolId, clientId, admin: { email: adminEmail, password } };
}

async function createStaffPool(client: CognitoIdentityProviderClient): Promise<string> {
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: staffPoolName,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      // As in AWS: an authenticator app's code for whoever has set one up (infra/aws/constructs/auth.ts).
      MfaConfiguration: 'OPTIONAL',
    }),
  );
  if (!UserPool?.Id) throw new Error('cognito-local created a user pool without an id');
  return UserPool.Id;
}

async function createAppClient(client: CognitoIdentityProviderClient, userPoolId: string): Promise<string> {
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'agri-dealer-admin',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  if (!UserPoolClient?.ClientId) throw new Error('cognito-local created an app client without an id');
  return UserPoolClient.ClientId;
}

async function createAdmin(client: CognitoIdentityProviderClient, userPoolId: string, password: string): Promise<void> {
  await addStaffUser(client, userPoolId, { email: adminEmail, roles: [], password, temporary: false });
}

export interface NewStaffUser {
  email: string;
  /** Groups to add the user to (lambdas/routes.ts: `staff`, and `admin` for products and media). */
  roles: readonly StaffRole[];
  password: string;
  /** A temporary password must be changed at the first sign-in (Cognito's NEW_PASSWORD_REQUIRED). */
  temporary: boolean;
}

/** Creates a user with a verified e-mail in the pool, locally or in AWS, and puts them in their groups. */
export async function addStaffUser(client: CognitoIdentityProviderClient, userPoolId: string, user: NewStaffUser): Promise<void> {
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      // The password is handed over by whoever runs the command, not e-mailed.
      MessageAction: 'SUPPRESS',
      ...(user.temporary ? { TemporaryPassword: user.password } : {}),
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  if (!user.temporary) {
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
  }
  for (const role of user.roles) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: role }));
  }
}

/** Meets any Cognito password policy: upper and lower case, digits and a symbol. */
export function generatePassword(): string {
  return `Ag-${randomBytes(18).toString('base64url')}-9x`;
}

/** Whether a Describe/Get call finds its resource; other errors propagate. */
async function exists(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException' || (error as Error).name === 'UserNotFoundException') {
      return false;
    }
    throw error;
  }
}
