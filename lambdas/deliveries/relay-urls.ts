import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createSecretsManagerClient } from '../lib/aws-clients';
import { ConfigError, parseRelayUrls, type ApiConfig } from '../lib/config';
import { RelayError } from './sheet-relay';

/** The relay URLs for the next call; read again from their secret once the cached copy is older than this. */
export const relayUrlsMaxAgeSeconds = 300;

export type RelayUrls = () => Promise<Record<string, string>>;

/**
 * Where the function that sends rows finds the relay URLs. In AWS they live
 * in a Secrets Manager secret (SHEET_RELAY_URLS_SECRET) read at run time and
 * kept for five minutes, so they are in no function's configuration and a
 * `put-secret-value` reaches the next orders without a deploy. Locally they
 * come from SHEET_RELAY_URLS.
 */
export function relayUrlsFrom(
  config: Pick<ApiConfig, 'region' | 'sheetRelayUrls' | 'sheetRelayUrlsSecret'>,
  client?: SecretsManagerClient,
): RelayUrls {
  const secretName = config.sheetRelayUrlsSecret;
  if (!secretName) {
    if (Object.keys(config.sheetRelayUrls).length === 0) {
      throw new ConfigError(['SHEET_RELAY_URLS or SHEET_RELAY_URLS_SECRET is required: where the sheet rows are sent']);
    }
    return async () => config.sheetRelayUrls;
  }
  const secrets = new SecretsProvider({ awsSdkV3Client: client ?? createSecretsManagerClient(config) });
  return async () => {
    let raw: string | undefined;
    try {
      const value = await secrets.get(secretName, { maxAge: relayUrlsMaxAgeSeconds });
      raw = typeof value === 'string' ? value : undefined;
    } catch (error) {
      throw new RelayError('unreachable', `The relay URLs could not be read from ${secretName}: ${(error as Error).message}`);
    }
    const problems: string[] = [];
    const urls = parseRelayUrls(raw ?? '', problems);
    if (problems.length > 0 || !raw) throw new RelayError('notConfigured', `The secret ${secretName}: ${problems.join('; ') || 'empty'}`);
    return urls;
  };
}
