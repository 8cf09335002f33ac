import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  AuthFlowType,
  ChallengeNameType,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, expect, test } from 'vitest';
import { repoRoot } from '../../infra/paths';
import { createCognitoClient, generatePassword } from '../../infra/local/cognito';
import type { LocalStack } from '../../infra/local/stack';
import { startTestStack } from '../support/local-stack';
import { claimsOf } from '../support/staff';
import { removeTempDir } from '../support/temp-dir';

/** `npm run staff:add` on a local data folder, with the stack running and stopped. */

const run = promisify(execFile);
let stack: LocalStack | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await stack?.stop();
  await removeTempDir(dataDir);
});

function staffAdd(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/staff-add.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir! },
  });
}

/** Signs in with the printed password, as the admin pages will: a new password is asked for, then the tokens come. */
async function account(target: LocalStack, email: string, stdout: string) {
  const password = /Temporary password\s+(\S+)/.exec(stdout)?.[1];
  expect(password).toBeDefined();
  const client = createCognitoClient(target.endpoints.cognito);
  try {
    const signIn = await client.send(
      new InitiateAuthCommand({
        AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
        ClientId: target.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password! },
      }),
    );
    const { AuthenticationResult } = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: target.cognito.clientId,
        ChallengeName: ChallengeNameType.NEW_PASSWORD_REQUIRED,
        Session: signIn.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: generatePassword() },
      }),
    );
    const groups = claimsOf(AuthenticationResult!.AccessToken!)['cognito:groups'] as string[];
    return { groups: [...groups].sort(), challenge: signIn.ChallengeName };
  } finally {
    client.destroy();
  }
}

test('creates a staff member with a temporary password, in the running stack or in a stopped one', { timeout: 90_000 }, async () => {
  ({ stack, dataDir } = await startTestStack());

  const running = await staffAdd('amina@agri-dealer.test');
  expect(await account(stack, 'amina@agri-dealer.test', running.stdout)).toEqual({
    groups: ['staff'],
    challenge: ChallengeNameType.NEW_PASSWORD_REQUIRED,
  });

  await stack.stop();
  const stopped = await staffAdd('yacine@agri-dealer.test', '--admin');
  ({ stack } = await startTestStack({ dataDir }));
  expect(await account(stack, 'yacine@agri-dealer.test', stopped.stdout)).toEqual({
    groups: ['admin', 'staff'],
    challenge: ChallengeNameType.NEW_PASSWORD_REQUIRED,
  });

  await expect(staffAdd('amina@agri-dealer.test')).rejects.toMatchObject({ stderr: expect.stringContaining('already has an account') });
  await expect(staffAdd('not-an-email')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage: npm run staff:add') });
});
