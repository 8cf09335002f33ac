import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { createStartTokens } from '../../lambdas/forms/start-tokens';
import { secretMaxAgeSeconds, secretValues } from '../../lambdas/lib/rotating-secret';
import { rotateOriginSecret, rotateStartKey, type RotationContext } from '../../scripts/lib/rotate-secrets';
import { memorySecretsManager } from '../support/secrets-manager';

/**
 * `npm run secrets:rotate` against Secrets Manager and CloudFront held in
 * memory: while it runs, CloudFront's edges keep sending requests with
 * whichever value each has, and the API's functions (each with its cache)
 * must accept every one of them.
 */

const originArn = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:OriginSecret-abc123';
const startKeyArn = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:FormStartKey-abc123';

/** A distribution whose edges take a new header value one after another, over a few polls. */
function memoryCloudFront(initial: string) {
  const state = { configured: initial, edges: [initial, initial, initial], polls: 0 };
  const client = new CloudFrontClient({ region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const config = () => ({
    Origins: {
      Quantity: 2,
      Items: [
        { Id: 'site', DomainName: 'bucket.s3.eu-west-3.amazonaws.com' },
        { Id: 'api', DomainName: 'abc.execute-api.eu-west-3.amazonaws.com', CustomHeaders: { Quantity: 1, Items: [{ HeaderName: 'x-origin-verify', HeaderValue: state.configured }] } },
      ],
    },
  });
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const input = args.input as { DistributionConfig?: ReturnType<typeof config>; IfMatch?: string };
      const answers: Record<string, () => object> = {
        GetDistributionConfigCommand: () => ({ DistributionConfig: config(), ETag: 'E1' }),
        UpdateDistributionCommand: () => {
          if (input.IfMatch !== 'E1') throw new Error('PreconditionFailed');
          state.configured = input.DistributionConfig!.Origins.Items[1]!.CustomHeaders!.Items[0]!.HeaderValue;
          return {};
        },
        GetDistributionCommand: () => {
          // Each poll, one more edge sends the configured value.
          const stale = state.edges.findIndex((value) => value !== state.configured);
          if (stale >= 0) state.edges[stale] = state.configured;
          state.polls += 1;
          return { Distribution: { Status: state.edges.every((value) => value === state.configured) && state.polls > 1 ? 'Deployed' : 'InProgress' } };
        },
      };
      return { output: { ...answers[context.commandName!]!(), $metadata: {} }, response: {} };
    },
    { step: 'initialize' },
  );
  return { client, state };
}

describe('npm run secrets:rotate', () => {
  it('changes the origin secret with every request of every edge accepted, then refuses the old value', async () => {
    const secrets = memorySecretsManager();
    const oldValue = 'o'.repeat(64);
    secrets.put(originArn, oldValue);
    const cloudFront = memoryCloudFront(oldValue);
    let now = 1_750_000_000_000;
    const clock = () => now;
    // Two instances of the API's functions, with caches read at different times.
    const instances = [secretValues({ secretId: originArn, region: 'eu-west-3' }, secrets.client, clock), secretValues({ secretId: originArn, region: 'eu-west-3' }, secrets.client, clock)];
    const refused: string[] = [];
    /** Every edge sends a request to every instance. */
    const traffic = async (step: string) => {
      for (const [e, sent] of cloudFront.state.edges.entries()) {
        for (const [i, instance] of instances.entries()) {
          if (!(await instance.find((value) => (value === sent ? true : undefined)))) refused.push(`${step}: edge ${e} to instance ${i}`);
        }
      }
    };
    await traffic('before');
    now += 100_000;
    await instances[1]!.current();

    const context: RotationContext = {
      secrets: secrets.client,
      cloudFront: cloudFront.client,
      pause: async (ms, why) => {
        // Time passes in steps of ten seconds, with requests all along.
        for (let waited = 0; waited < ms; waited += 10_000) {
          now += 10_000;
          await traffic(why);
        }
      },
      log: () => undefined,
    };
    await rotateOriginSecret(context, { secretArn: originArn, distributionId: 'E2EXAMPLE' });
    await traffic('after');
    expect(refused).toEqual([]);

    const newValue = secrets.valueAt(originArn, 'AWSCURRENT')!;
    expect(newValue).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(newValue).not.toBe(oldValue);
    expect(cloudFront.state.edges).toEqual([newValue, newValue, newValue]);
    // The old value is no longer the previous one: once the caches run out, it is refused.
    expect(secrets.valueAt(originArn, 'AWSPREVIOUS')).toBeUndefined();
    now += (secretMaxAgeSeconds + 1) * 1000;
    for (const instance of instances) expect(await instance.find((value) => (value === oldValue ? true : undefined))).toBeUndefined();
  });

  it('changes the start key, and the tokens given before stay good', async () => {
    const secrets = memorySecretsManager();
    secrets.put(startKeyArn, 'k'.repeat(64));
    let now = 1_750_000_000_000;
    const clock = () => now;
    const source = { secretId: startKeyArn, region: 'eu-west-3' };
    const before = await createStartTokens(secretValues(source, secrets.client, clock), clock).issue('tractor-order');
    await rotateStartKey({ secrets: secrets.client, cloudFront: new CloudFrontClient({}), pause: async () => undefined, log: () => undefined }, startKeyArn);
    now += 60_000;
    const fresh = createStartTokens(secretValues(source, secrets.client, clock), clock);
    const after = await fresh.issue('tractor-order');
    expect(secrets.valueAt(startKeyArn, 'AWSCURRENT')).not.toBe('k'.repeat(64));
    expect(await fresh.verify(before, 'tractor-order')).toBeDefined();
    expect(await fresh.verify(after, 'tractor-order')).toBeDefined();
  });
});
