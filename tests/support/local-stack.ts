import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';
import { makeTempDir, removeTempDir } from './temp-dir';

/** Free ports everywhere, so test files can run side by side. */
export const freePorts = { sitePort: 0, dynamoDbPort: 0, s3Port: 0, cognitoPort: 0, relayPort: 0, sesPort: 0, lambdaPort: 0 } as const;

export interface TestStack {
  stack: LocalStack;
  dataDir: string;
  /** Lines the stack logged, for assertions and for debugging a failure. */
  logs: string[];
}

/** Starts the real local stack on free ports in a fresh data folder (or the given one). */
export async function startTestStack(options: LocalStackOptions = {}): Promise<TestStack> {
  // Handler logs would bury the test report; errors still show.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const dataDir = options.dataDir ?? (await makeTempDir('stack'));
  const logs: string[] = [];
  try {
    const stack = await startLocalStack({ ...freePorts, ...options, dataDir, log: (line) => logs.push(line) });
    return { stack, dataDir, logs };
  } catch (error) {
    if (!options.dataDir) await removeTempDir(dataDir);
    throw error;
  }
}
