import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChildService } from './child-service';
import { localHost, reservePort } from './ports';
import type { ChildState } from './supervised-child';

/**
 * Lambda's stand-in for the functions the API invokes itself (the site's
 * publisher): Lambda's Invoke API, synchronous and asynchronous, answered by
 * the unchanged handlers in a node process of their own
 * (./functions-child.ts). The handlers' SDK calls reach it through
 * LAMBDA_ENDPOINT, as they reach Lambda in AWS. `PUT /__control/failure`
 * makes every invocation fail, as when Lambda refuses them.
 */

export interface FunctionsSettings {
  port: number;
  region: string;
  /** Each function's timeout in AWS: a handler reads what is left of it. */
  timeoutMs: number;
  /** Function name → its folder under lambdas/functions/ (infra/paths.ts, `functionEntry`). */
  functions: Record<string, string>;
}

export interface LocalFunctions {
  endpoint: string;
  /** The functions' process, restarted on the same port if it dies. */
  child: ChildState;
  close(): Promise<void>;
}

/** Starts the stand-in with the current environment, which the handlers read (set it first). */
export async function startFunctions(
  options: Omit<FunctionsSettings, 'port'> & { port: number; log(line: string): void },
): Promise<LocalFunctions> {
  const bound = await reservePort(options.port, 'the functions (Lambda)');
  const settings: FunctionsSettings = {
    port: bound,
    region: options.region,
    timeoutMs: options.timeoutMs,
    functions: options.functions,
  };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const service = await startChildService({
    service: 'the functions (Lambda)',
    script: fileURLToPath(new URL('./functions-child.ts', import.meta.url)),
    nodeFlags: ['--import', tsx],
    port: bound,
    cwd: process.cwd(),
    env: { FUNCTIONS_SETTINGS: JSON.stringify(settings) },
    onOutput: options.log,
    log: options.log,
  });
  return { endpoint: `http://${localHost}:${bound}`, child: service.child, close: service.close };
}

