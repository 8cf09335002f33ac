import { describe, expect, it } from 'vitest';
import { createStartTokens } from '../../lambdas/forms/start-tokens';
import { refreshAfterMissSeconds, secretMaxAgeSeconds, secretValues } from '../../lambdas/lib/rotating-secret';
import { memorySecretsManager } from '../support/secrets-manager';

/**
 * The secrets the functions read at run time (the start key, CloudFront's
 * origin secret), as they behave through a rotation: the new value put as
 * AWSCURRENT, the old one still accepted as AWSPREVIOUS.
 */

const secretId = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:OriginSecret-abc123';
const source = { secretId, region: 'eu-west-3' };

function setup(initial = 'first-value'.padEnd(64, 'x')) {
  const service = memorySecretsManager();
  service.put(secretId, initial);
  let now = 1_750_000_000_000;
  const clock = () => now;
  return { service, clock, advance: (seconds: number) => (now += seconds * 1000) };
}

const sameAs = (sent: string) => (value: string) => (value === sent ? true : undefined);

describe('a secret read at run time', () => {
  it('is read once and kept for its cache time, then read again', async () => {
    const { service, clock, advance } = setup();
    const values = secretValues(source, service.client, clock);
    expect(await values.current()).toBe(service.valueAt(secretId, 'AWSCURRENT'));
    await values.current();
    // AWSCURRENT and AWSPREVIOUS, once.
    expect(service.state.reads).toBe(2);
    advance(secretMaxAgeSeconds + 1);
    await values.current();
    expect(service.state.reads).toBe(4);
  });

  it('accepts the old and the new value through a rotation, whichever the caller sends and whatever its cache holds', async () => {
    const { service, clock, advance } = setup();
    const old = service.valueAt(secretId, 'AWSCURRENT')!;
    const values = secretValues(source, service.client, clock);
    expect(await values.find(sameAs(old))).toBe(true);

    // The operator rotates; this instance's cache is a minute old and knows only the old value.
    advance(60);
    const fresh = 'second-value'.padEnd(64, 'y');
    service.put(secretId, fresh);
    // The new value is unknown to the cache: the secret is read again at once, and the value accepted.
    expect(await values.find(sameAs(fresh))).toBe(true);
    // The old one, still sent by some, stays accepted while it is AWSPREVIOUS.
    expect(await values.find(sameAs(old))).toBe(true);
    expect(await values.current()).toBe(fresh);
    // Anything else is refused, and does not make the secret be read again and again.
    const reads = service.state.reads;
    for (let i = 0; i < 10; i++) expect(await values.find(sameAs('guess'.padEnd(64, 'z')))).toBeUndefined();
    expect(service.state.reads).toBe(reads);
    advance(refreshAfterMissSeconds);
    expect(await values.find(sameAs('guess'.padEnd(64, 'z')))).toBeUndefined();
    expect(service.state.reads).toBe(reads + 2);
  });

  it('keeps the values it has while Secrets Manager cannot be reached; fails only with none', async () => {
    const { service, clock, advance } = setup();
    const values = secretValues(source, service.client, clock);
    const value = await values.current();
    service.state.failReads = true;
    advance(secretMaxAgeSeconds + 1);
    expect(await values.current()).toBe(value);
    await expect(secretValues(source, service.client, clock).current()).rejects.toThrow('Could not connect');
  });

  it('given as it is (locally), is that value alone', async () => {
    const values = secretValues({ value: 'local'.padEnd(40, 'l') });
    expect(await values.current()).toBe('local'.padEnd(40, 'l'));
    expect(await values.find(sameAs('other'))).toBeUndefined();
  });
});

describe('start tokens through a rotation of their key', () => {
  it('given with the old key stay good after the rotation; ones signed with the new key pass where the old one is still cached', async () => {
    const { service, clock, advance } = setup('old-key'.padEnd(64, 'k'));
    // Two functions, each with its own cache: start-form signs, submit-form checks.
    const startForm = createStartTokens(secretValues(source, service.client, clock), clock);
    const submitForm = createStartTokens(secretValues(source, service.client, clock), clock);
    const before = await startForm.issue('tractor-order');
    advance(200);
    expect(await submitForm.verify(before, 'tractor-order')).toBeDefined();

    advance(30);
    service.put(secretId, 'new-key'.padEnd(64, 'n'));
    // start-form's cache runs out first: it signs with the new key while submit-form's, read 101 s ago, holds the old one alone.
    advance(secretMaxAgeSeconds - 230 + 1);
    const after = await startForm.issue('tractor-order');
    const reads = service.state.reads;
    expect(await submitForm.verify(after, 'tractor-order')).toBeDefined();
    expect(service.state.reads).toBe(reads + 2);
    expect(await submitForm.verify(before, 'tractor-order')).toBeDefined();
    // A token of neither key is refused.
    const other = createStartTokens(secretValues({ value: 'other-key'.padEnd(64, 'o') }), clock);
    expect(await submitForm.verify(await other.issue('tractor-order'), 'tractor-order')).toBeUndefined();
  });
});
