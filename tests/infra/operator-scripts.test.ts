import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths';
import { noCredentials } from '../../scripts/lib/aws-session';
import { readSheetKeys } from '../../scripts/lib/relay-keys';
import { formSchemasDir } from '../../scripts/lib/paths';

/**
 * The runbook's commands as an operator without an AWS account runs them
 * (docs/operations.md): each does what it can offline and says plainly where
 * it stops. The environment holds no credentials, no profile and no
 * instance metadata to ask, so nothing leaves the machine.
 */

const run = promisify(execFile);
const noAccount = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
const env = {
  ...noAccount,
  NODE_OPTIONS: '',
  AWS_REGION: 'eu-west-3',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_CONFIG_FILE: path.join(repoRoot, '.tmp', 'no-aws-config'),
  AWS_SHARED_CREDENTIALS_FILE: path.join(repoRoot, '.tmp', 'no-aws-credentials'),
};

/** Runs an npm script's file with its arguments; the exit code, stdout and stderr, whatever the code. */
async function script(file: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join('scripts', file), ...args], { cwd: repoRoot, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run relay:keys', () => {
  it('lists every sheet key of the form schemas with the forms it serves, and a skeleton of the secret with each key', async () => {
    const keys = await readSheetKeys(formSchemasDir);
    expect(keys.length).toBeGreaterThan(20);
    const { code, stdout } = await script('relay-keys.ts', '--stage', 'prod');
    expect(code).toBe(0);
    expect(stdout).toContain('agri-dealer/prod/sheet-relay-urls');
    expect(stdout).toContain(`${keys.length} keys`);
    const lines = stdout.split('\n');
    for (const { sheet, forms } of keys) {
      const line = lines.find((text) => text.startsWith(`${sheet} `));
      expect(line?.slice(sheet.length).trim(), sheet).toBe(forms.map((form) => `${form.title} (${form.id})`).join(', '));
    }
    expect(stdout).toContain('aws secretsmanager create-secret --name agri-dealer/prod/sheet-relay-urls --secret-string file://relay-urls.json');
  });

  it('prints the skeleton alone with --json, one placeholder per key, which the delivery worker would refuse until filled', async () => {
    const keys = await readSheetKeys(formSchemasDir);
    const { code, stdout } = await script('relay-keys.ts', '--json');
    expect(code).toBe(0);
    const skeleton = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(skeleton)).toEqual(keys.map(({ sheet }) => sheet));
    for (const url of Object.values(skeleton)) expect(() => new URL(url)).toThrow();
  });
});

describe('without an AWS account', () => {
  it('npm run deploy:check says the credentials are missing, and names everything it could not check', async () => {
    const keys = await readSheetKeys(formSchemasDir);
    const { code, stdout } = await script('deploy-check.ts', '--stage', 'prod', '-c', 'staffEmails=sales@dealer.dz', '-c', 'mailFrom=orders@dealer.dz');
    expect(code).toBe(1);
    expect(stdout).toContain('Stage prod (AgriDealer-prod)');
    expect(stdout).toContain(`TO FIX   AWS credentials and region: ${noCredentials}`);
    for (const subject of ['CDK bootstrap', `The relay secret agri-dealer/prod/sheet-relay-urls (${keys.length} sheet keys`, 'The stack AgriDealer-prod', 'The alarm e-mail', 'The staff e-mail (SES)', 'Staff users']) {
      expect(stdout).toMatch(new RegExp(`^unknown  ${subject.replace(/[()]/g, '\\$&')}.*not checked: it needs the AWS account$`, 'm'));
    }
    expect(stdout).toContain('1 to fix, 6 not checked.');
  });

  it('npm run deploy stops before building, and says that the build and the synth need no account', async () => {
    const { code, stderr } = await script('deploy.ts', '-c', 'stage=prod');
    expect(code).toBe(2);
    expect(stderr).toContain(noCredentials);
    expect(stderr).toContain('Nothing was built or deployed');
    expect(stderr).toContain('npm run deploy stops here: the rest needs an AWS account.');
  });

  it('npm run secrets:rotate changes no secret', async () => {
    const { code, stderr } = await script('rotate-secrets.ts', '--stage', 'prod');
    expect(code).toBe(2);
    expect(stderr).toContain(noCredentials);
    expect(stderr).toContain('No secret was changed.');
  });

  it('npm run staff:add -- --aws stops before touching any pool', async () => {
    const { code, stderr } = await script('staff-add.ts', 'amina@example.dz', '--admin', '--aws', '--stage', 'prod');
    expect(code).toBe(2);
    expect(stderr).toContain(noCredentials);
    expect(stderr).toContain("Nobody was added to AgriDealer-prod's pool.");
  });
});
