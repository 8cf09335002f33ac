import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/aws/paths';
import { apiRoutes } from '../../lambdas/routes';

/**
 * The real CLI, offline, with the functions bundled by the local esbuild:
 * what `npm run synth` / `npm run deploy` do before talking to AWS.
 */

const run = promisify(execFile);
const outdir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-synth-'));
const env = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', NODE_NO_WARNINGS: '1' };

type Resource = { Type: string; Properties: { Description?: string }; Metadata?: Record<string, string> };
let functions: Resource[];

beforeAll(async () => {
  await run('npx', ['cdk', 'synth', '--quiet', '--output', outdir], { cwd: repoRoot, env });
  // execFile rejects on a non-zero exit code, failing every test below.
  const template = JSON.parse(readFileSync(path.join(outdir, 'AgriDealer.template.json'), 'utf8'));
  const routeKeys = new Set(apiRoutes.map((r) => `${r.method} ${r.path}`));
  functions = (Object.values(template.Resources) as Resource[]).filter(
    (r) => r.Type === 'AWS::Lambda::Function' && routeKeys.has(r.Properties.Description ?? ''),
  );
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const assetDir = (fn: Resource) => path.join(outdir, fn.Metadata!['aws:asset:path']!);

describe('cdk synth', () => {
  it('bundles each API function as ESM with its source map and every form schema', () => {
    expect(functions).toHaveLength(new Set(apiRoutes.map((r) => r.handler)).size);
    const schemas = readdirSync(path.join(repoRoot, 'form-schemas')).filter((f) => f.endsWith('.json'));
    expect(schemas).toContain('tractor-order.json');

    for (const fn of functions) {
      const dir = assetDir(fn);
      expect(existsSync(path.join(dir, 'index.mjs')), dir).toBe(true);
      expect(existsSync(path.join(dir, 'index.mjs.map')), dir).toBe(true);
      expect(readdirSync(path.join(dir, 'form-schemas')).sort()).toEqual(schemas.sort());
      expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).toMatch(/^import \{ createRequire \} from 'module';/);
    }
  });

  it('produces a submit-form bundle that loads its schemas from the package and answers offline', async () => {
    const route = apiRoutes.find((r) => r.path === '/api/forms/{formId}/submissions' && r.method === 'POST');
    expect(route).toBeDefined();
    const fn = functions.find((f) => f.Properties.Description === `${route!.method} ${route!.path}`)!;
    const dir = assetDir(fn);

    // The bundle leaves @aws-sdk/* to the Lambda runtime; here the repository's copy stands in.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(outdir, 'node_modules'), 'dir');
    const probe = path.join(outdir, 'probe.mjs');
    writeFileSync(
      probe,
      `const { handler } = await import(${JSON.stringify(path.join(dir, 'index.mjs'))});
const context = { getRemainingTimeInMillis: () => 10000, functionName: 'probe', awsRequestId: 'probe' };
const post = (formId, body) => handler({ pathParameters: { formId }, headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body), isBase64Encoded: false, requestContext: { http: { method: 'POST' } } }, context);
const unknown = await post('no-such-form', {});
const invalid = await post('tractor-order', { submissionId: '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f', data: {} });
console.log(JSON.stringify([unknown.statusCode, invalid.statusCode]));
`,
    );
    const { stdout } = await run('node', [probe], {
      env: {
        ...env,
        AWS_REGION: 'eu-west-3',
        ORDERS_TABLE: 'orders',
        IDEMPOTENCY_TABLE: 'idempotency',
        FORM_SCHEMAS_DIR: path.join(dir, 'form-schemas'),
        SHEET_RELAY_URLS: '{}',
      },
    });
    // 404: the form list comes from the packaged folder; 400: the packaged schema compiled and rejected empty data.
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([404, 400]);
  });
});
