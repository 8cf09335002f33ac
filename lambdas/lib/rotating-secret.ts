import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createSecretsManagerClient } from './aws-clients';

/**
 * A secret the functions read at run time, never from their environment:
 * the start tokens' key and CloudFront's origin secret
 * (docs/decisions/0023-an-operators-first-deploy.md). Locally its value is
 * given as it is; in AWS it is a Secrets Manager secret, read when first
 * needed and kept `secretMaxAgeSeconds`.
 *
 * Rotation without a dropped request: a new value is put as the secret's
 * AWSCURRENT version and the old one becomes AWSPREVIOUS
 * (`npm run secrets:rotate`). Signing and sending use the current value;
 * checking accepts both, so whatever was signed or sent with the old value
 * still passes during the overlap. A value that matches none of the cached
 * ones may be newer than the cache: the secret is read again at once, at most
 * every `refreshAfterMissSeconds`, so a request carrying it is not refused.
 */
export type SecretSource = { value: string } | { secretId: string; region: string };

export interface SecretValues {
  /** The value to sign or send with: AWSCURRENT. */
  current(): Promise<string>;
  /**
   * The first answer `use` gives for an accepted value (AWSCURRENT, then
   * AWSPREVIOUS while a rotation's overlap lasts); when none gives one, the
   * secret is read again (if not just read) and they are tried once more.
   */
  find<T>(use: (value: string) => T | undefined): Promise<T | undefined>;
}

/** How long the read values are kept before the next use reads them again. */
export const secretMaxAgeSeconds = 300;
/** The soonest a value that matches none makes the secret be read again. */
export const refreshAfterMissSeconds = 30;

/** The values of a given source: a fixed value (locally, in tests), or a secret read with `client` (a client of the source's region by default). */
export function secretValues(source: SecretSource, client?: SecretsManagerClient, clock: () => number = Date.now): SecretValues {
  if ('value' in source) {
    return { current: async () => source.value, find: async (use) => use(source.value) };
  }
  const secrets = client ?? createSecretsManagerClient({ region: source.region });
  let cached: { values: string[]; readAt: number } | undefined;
  let reading: Promise<string[]> | undefined;

  const readStage = async (stage: 'AWSCURRENT' | 'AWSPREVIOUS') => {
    try {
      const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: source.secretId, VersionStage: stage }));
      return SecretString || undefined;
    } catch (error) {
      // A secret never rotated has no AWSPREVIOUS version.
      if (stage === 'AWSPREVIOUS' && (error as Error).name === 'ResourceNotFoundException') return undefined;
      throw error;
    }
  };
  const read = () => {
    reading ??= Promise.all([readStage('AWSCURRENT'), readStage('AWSPREVIOUS')])
      .then(([current, previous]) => {
        if (!current) throw new Error(`The secret ${source.secretId} has no value`);
        const values = previous && previous !== current ? [current, previous] : [current];
        cached = { values, readAt: clock() };
        return values;
      })
      .catch((error: unknown) => {
        // The values read before stay in use while the service cannot be reached; without any, the request fails.
        if (cached) {
          cached.readAt = clock() - (secretMaxAgeSeconds - refreshAfterMissSeconds) * 1000;
          return cached.values;
        }
        throw error;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
  const values = async () => (cached && clock() - cached.readAt < secretMaxAgeSeconds * 1000 ? cached.values : read());

  return {
    current: async () => (await values())[0]!,
    async find(use) {
      const tried = await values();
      for (const value of tried) {
        const found = use(value);
        if (found !== undefined) return found;
      }
      if (!cached || clock() - cached.readAt < refreshAfterMissSeconds * 1000) return undefined;
      for (const value of await read()) {
        if (tried.includes(value)) continue;
        const found = use(value);
        if (found !== undefined) return found;
      }
      return undefined;
    },
  };
}

/**
 * One set of values per secret in a process, whoever asks for it: every
 * module of a function reading the origin secret shares one cache.
 */
const shared = new Map<string, SecretValues>();
export function sharedSecretValues(source: SecretSource): SecretValues {
  if ('value' in source) return secretValues(source);
  let values = shared.get(source.secretId);
  if (!values) shared.set(source.secretId, (values = secretValues(source)));
  return values;
}
