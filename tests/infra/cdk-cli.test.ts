import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionEntry, repoRoot } from '../../infra/paths';
import { message } from '../../lambdas/lib/messages';
import { apiRoutes } from '../../lambdas/routes';
import { photoRequestForm, writeFormSchemas } from '../support/fixture-forms';

/**
 * The real CLI, offline, with the functions bundled by the local esbuild:
 * what `npm run synth` / `npm run deploy` do before talking to AWS.
 */

const run = promisify(execFile);
const outdir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-synth-'));
// No instance metadata to ask for credentials: nothing leaves the machine.
const env = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', NODE_NO_WARNINGS: '1', AWS_REGION: 'eu-west-3', AWS_EC2_METADATA_DISABLED: 'true' };

type Resource = { Type: string; Properties: { Description?: string }; Metadata?: Record<string, string> };
let functions: Resource[];

beforeAll(async () => {
  await run('npx', ['cdk', 'synth', '--quiet', '--output', outdir], { cwd: repoRoot, env });
  // execFile rejects on a non-zero exit code (an unacknowledged cdk-nag error is one), failing every test below.
  const template = JSON.parse(readFileSync(path.join(outdir, 'AgriDealer-dev.template.json'), 'utf8'));
  const routeKeys = new Set(apiRoutes.map((r) => `${r.method} ${r.path}`));
  functions = (Object.values(template.Resources) as Resource[]).filter(
    (r) => r.Type === 'AWS::Lambda::Function' && routeKeys.has(r.Properties.Description ?? ''),
  );
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const assetDir = (fn: Resource) => path.join(outdir, fn.Metadata!['aws:asset:path']!);

describe('cdk synth', () => {
  it('bundles each API function as ESM with a source map without sources, and the form schemas only where they are read', () => {
    expect(functions).toHaveLength(new Set(apiRoutes.map((r) => r.handler)).size);
    const schemas = readdirSync(path.join(repoRoot, 'form-schemas')).filter((f) => f.endsWith('.json'));
    expect(schemas).toContain('tractor-order.json');

    for (const fn of functions) {
      const dir = assetDir(fn);
      expect(existsSync(path.join(dir, 'index.mjs')), dir).toBe(true);
      const map = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[]; sourcesContent?: unknown };
      expect(map.sources.some((source) => source.includes('handler.ts')), dir).toBe(true);
      expect(map.sourcesContent, dir).toBeUndefined();
      const handler = apiRoutes.find((r) => `${r.method} ${r.path}` === fn.Properties.Description)!.handler;
      const readsSchemas = readFileSync(functionEntry(handler), 'utf8').includes('formSchemasDir');
      if (readsSchemas) expect(readdirSync(path.join(dir, 'form-schemas')).sort(), handler).toEqual(schemas.sort());
      else expect(existsSync(path.join(dir, 'form-schemas')), handler).toBe(false);
      expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).toMatch(/^import \{ createRequire \} from 'module';/);
    }
  });

  it('produces a submit-form bundle that loads its schemas from the package and answers offline', async () => {
    const dir = bundleDir('POST', '/api/forms/{formId}/submissions');
    const answers = await probe(
      dir,
      `const unknown = await post({ pathParameters: { formId: 'no-such-form' } }, {});
const invalid = await post({ pathParameters: { formId: 'tractor-order' } },
  { submissionId: '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f', data: {} });
print([unknown.statusCode, invalid.statusCode]);`,
      { FORM_SCHEMAS_DIR: path.join(dir, 'form-schemas') },
    );
    // 404: the form list comes from the packaged folder; 400: the packaged schema compiled and rejected empty data.
    expect(answers).toEqual([404, 400]);
    // It makes the orders' photos with sharp, installed beside the bundle for Lambda's Linux on ARM, as the publisher's is.
    expect(existsSync(path.join(dir, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules', '@img', 'sharp-linux-arm64'))).toBe(true);
  });

  it('produces a create-upload bundle that presigns S3 PUT URLs for a photo field, offline', async () => {
    const dir = bundleDir('POST', '/api/uploads');
    const schemasDir = path.join(outdir, 'probe-form-schemas');
    mkdirSync(schemasDir);
    await writeFormSchemas(schemasDir, [photoRequestForm]);
    const [unknown, presigned] = (await probe(
      dir,
      `const unknown = await post({}, { formId: 'no-such-form', field: 'images', files: [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }] });
const presigned = await post({}, { formId: 'photo-request', field: 'images', files: [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }] });
print([unknown.statusCode, { status: presigned.statusCode, ...JSON.parse(presigned.body) }]);`,
      { FORM_SCHEMAS_DIR: schemasDir, AWS_ACCESS_KEY_ID: 'AKIAPROBE', AWS_SECRET_ACCESS_KEY: 'probe-secret' },
    )) as [number, { status: number; uploads: { uploadUrl: string; publicUrl: string }[] }];

    expect(unknown).toBe(404);
    expect(presigned.status).toBe(201);
    const [upload] = presigned.uploads;
    const url = new URL(upload!.uploadUrl);
    // Virtual-hosted S3 in the Lambda's region, signed for the content type and length, with no checksum of an empty body.
    expect(url.host).toBe('uploads-bucket.s3.eu-west-3.amazonaws.com');
    expect(url.pathname).toMatch(/^\/uploads\/photo-request\/[0-9a-f-]{36}\.jpg$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect([...url.searchParams.keys()].filter((key) => /checksum/i.test(key))).toEqual([]);
    expect(upload!.publicUrl).toBe(`https://site.example${url.pathname}`);
  });

  it('produces a start-form bundle that gives a packaged form its signed start token, offline', async () => {
    const dir = bundleDir('GET', '/api/forms/{formId}/start');
    const answers = await probe(
      dir,
      `const start = (formId) => handler({ headers: {}, pathParameters: { formId },
  requestContext: { http: { method: 'GET', sourceIp: '192.0.2.10' } } }, context);
const [known, unknown] = [await start('tractor-order'), await start('no-such-form')];
print([known.statusCode, JSON.parse(known.body).startToken, unknown.statusCode]);`,
      // Nothing listens on port 9: the rate limit's counter cannot be written, which lets the request through, offline.
      { FORM_SCHEMAS_DIR: path.join(dir, 'form-schemas'), DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' },
    );
    expect(answers).toEqual([200, expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/), 404]);
  });

  it('produces a list-products bundle that refuses a bad query and answers 500 when DynamoDB is unreachable', async () => {
    const dir = bundleDir('GET', '/api/products');
    const answers = await probe(
      dir,
      `const list = (queryStringParameters) => handler({ headers: { 'accept-language': 'fr' }, queryStringParameters,
  requestContext: { http: { method: 'GET' } } }, context);
const answer = ({ statusCode, body }) => ({ statusCode, ...JSON.parse(body) });
print([answer(await list({ category: '../x' })), answer(await list({ category: 'tractors' }))]);`,
      // Nothing listens on port 9: the query fails at once, offline.
      {
        FORM_SCHEMAS_DIR: path.join(dir, 'form-schemas'),
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        AWS_ACCESS_KEY_ID: 'AKIAPROBE',
        AWS_SECRET_ACCESS_KEY: 'probe-secret',
      },
    );
    expect(answers).toEqual([
      { statusCode: 400, code: 'invalidProductFilter', error: message('invalidProductFilter', 'fr') },
      { statusCode: 500, code: 'internalError', error: message('internalError', 'fr') },
    ]);
  });

  it('produces an admin-products bundle that checks the groups API Gateway passes, and the editor schema, offline', async () => {
    const dir = bundleDir('GET', '/api/admin/products');
    const answers = await probe(
      dir,
      `const create = (groups, body) => post({ routeKey: 'POST /api/admin/products', headers: { 'content-type': 'application/json', 'accept-language': 'en' },
  requestContext: { http: { method: 'POST' }, ...(groups ? { authorizer: { jwt: { claims: { username: 'u-1', 'cognito:groups': groups }, scopes: null } } } : {}) } }, body);
const status = async (groups, body) => (await create(groups, body)).statusCode;
const invalid = await create('[admin staff]', { category: 'Tractors' });
print([await status(undefined, {}), await status('[staff]', {}), invalid.statusCode, JSON.parse(invalid.body).error]);`,
      { FORM_SCHEMAS_DIR: path.join(dir, 'form-schemas'), DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' },
    );
    // No verified claims: 401; staff only: 403; admin with invalid data: the product schema's 400.
    expect(answers).toEqual([401, 403, 400, 'Failed to create product']);
  });
});

/** The asset folder of the function behind a route. */
function bundleDir(method: string, routePath: string): string {
  expect(apiRoutes.some((r) => r.method === method && r.path === routePath)).toBe(true);
  return assetDir(functions.find((f) => f.Properties.Description === `${method} ${routePath}`)!);
}

/**
 * Runs a script against a packaged handler in a plain node process with the
 * environment the stack gives it; `post(event, body)` invokes the handler,
 * `print(value)` reports back.
 */
async function probe(dir: string, script: string, extraEnv: Record<string, string>): Promise<unknown> {
  // No node_modules next to the package: the bundle must carry everything it needs, the AWS SDK included.
  const file = path.join(outdir, `probe-${path.basename(dir)}.mjs`);
  writeFileSync(
    file,
    `const { handler } = await import(${JSON.stringify(path.join(dir, 'index.mjs'))});
const context = { getRemainingTimeInMillis: () => 10000, functionName: 'probe', awsRequestId: 'probe' };
const post = (event, body) => handler({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  isBase64Encoded: false, requestContext: { http: { method: 'POST', sourceIp: '192.0.2.10' } }, ...event }, context);
const print = (value) => console.log(JSON.stringify(value));
${script}
`,
  );
  const { stdout } = await run('node', [file], {
    env: {
      ...env,
      AWS_REGION: 'eu-west-3',
      SUBMISSIONS_TABLE: 'submissions',
      ORDER_SEARCH_TABLE: 'order-search',
      PRODUCTS_TABLE: 'products',
      MEDIA_TABLE: 'media',
      CONTENT_TABLE: 'content',
      USER_POOL_ID: 'eu-west-3_probe',
      UPLOADS_BUCKET: 'uploads-bucket',
      UPLOADS_PUBLIC_URL: 'https://site.example/',
      SHEET_RELAY_URLS: '{}',
      RATE_LIMITS_TABLE: 'rate-limits',
      FORM_START_KEY: 'k'.repeat(64),
      // Offline: no rate-limit counter to write.
      ANTI_SPAM: 'off',
      ...extraEnv,
    },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}
