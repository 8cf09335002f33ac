import { randomBytes, randomUUID } from 'node:crypto';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets Manager in memory, behind a real SDK client: secrets with versions
 * and their staging labels, as the service moves them. PutSecretValue makes
 * the new version AWSCURRENT and the one before AWSPREVIOUS (the one before
 * that loses its label); UpdateSecretVersionStage moves or removes a label.
 * `reads` counts GetSecretValue calls; `failReads` makes them fail.
 */
export function memorySecretsManager() {
  const secrets = new Map<string, { versions: Map<string, string>; stages: Map<string, string> }>();
  const state = { reads: 0, failReads: false };
  const notFound = (message: string) => Object.assign(new Error(message), { name: 'ResourceNotFoundException' });
  const secretOf = (id: string) => {
    const secret = secrets.get(id);
    if (!secret) throw notFound(`Secrets Manager can't find the specified secret ${id}`);
    return secret;
  };
  const put = (id: string, value: string) => {
    const secret = secrets.get(id) ?? { versions: new Map(), stages: new Map() };
    secrets.set(id, secret);
    const versionId = randomUUID();
    secret.versions.set(versionId, value);
    const current = secret.stages.get('AWSCURRENT');
    if (current) secret.stages.set('AWSPREVIOUS', current);
    secret.stages.set('AWSCURRENT', versionId);
    return versionId;
  };

  type Input = Record<string, string | undefined>;
  const commands: Record<string, (input: Input) => object> = {
    GetSecretValueCommand: ({ SecretId, VersionStage = 'AWSCURRENT', VersionId }) => {
      state.reads += 1;
      if (state.failReads) throw Object.assign(new Error('Could not connect'), { name: 'TimeoutError' });
      const secret = secretOf(SecretId!);
      const version = VersionId ?? secret.stages.get(VersionStage);
      if (!version) throw notFound(`Secrets Manager can't find the specified secret value for staging label: ${VersionStage}`);
      return { SecretString: secret.versions.get(version), VersionId: version };
    },
    PutSecretValueCommand: ({ SecretId, SecretString }) => ({ VersionId: put(secretOf(SecretId!) && SecretId!, SecretString!) }),
    UpdateSecretVersionStageCommand: ({ SecretId, VersionStage, RemoveFromVersionId, MoveToVersionId }) => {
      const secret = secretOf(SecretId!);
      if (secret.stages.get(VersionStage!) !== RemoveFromVersionId && RemoveFromVersionId) throw new Error('InvalidParameterException');
      if (MoveToVersionId) secret.stages.set(VersionStage!, MoveToVersionId);
      else secret.stages.delete(VersionStage!);
      return {};
    },
    DescribeSecretCommand: ({ SecretId }) => {
      const secret = secretOf(SecretId!);
      const stagesOf: Record<string, string[]> = {};
      for (const [stage, version] of secret.stages) (stagesOf[version] ??= []).push(stage);
      return { ARN: SecretId, VersionIdsToStages: stagesOf };
    },
    GetRandomPasswordCommand: ({ PasswordLength }) => ({ RandomPassword: randomBytes(64).toString('hex').slice(0, Number(PasswordLength ?? 32)) }),
  };

  const client = new SecretsManagerClient({ region: 'eu-west-3', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const command = commands[context.commandName!];
      if (!command) throw new Error(`unexpected ${context.commandName}`);
      return { output: { ...command(args.input as Input), $metadata: {} }, response: {} };
    },
    { step: 'initialize' },
  );

  return {
    client,
    state,
    /** Creates the secret, or puts a new value as an operator would. */
    put,
    /** The value a stage holds now, or undefined. */
    valueAt(id: string, stage: string) {
      const secret = secrets.get(id);
      const version = secret?.stages.get(stage);
      return version ? secret!.versions.get(version) : undefined;
    },
  };
}
