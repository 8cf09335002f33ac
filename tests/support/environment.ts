import { afterAll, beforeAll } from 'vitest';
import type { LocalStack, LocalStackOptions } from '../../infra/local/stack';
import { launchBrowser, type BrowserOptions, type TestBrowser } from './browser';
import { startTestStack } from './local-stack';
import { removeTempDir } from './temp-dir';

export interface StackEnvironment {
  stack: LocalStack;
}

export interface BrowserEnvironment extends StackEnvironment {
  browser: TestBrowser;
}

/**
 * Starts the real local stack (free ports, fresh data folder) for the test
 * file and stops it after; read `env.stack` inside tests and hooks.
 */
export function stackEnvironment(options: LocalStackOptions = {}): StackEnvironment {
  const env = {} as StackEnvironment;
  let dataDir: string | undefined;
  beforeAll(async () => {
    const started = await startTestStack(options);
    env.stack = started.stack;
    dataDir = started.dataDir;
  });
  afterAll(async () => {
    await env.stack?.stop();
    await removeTempDir(dataDir);
  });
  return env;
}

/** The local stack plus one headless Chromium for the test file. */
export function browserEnvironment(options: BrowserOptions = {}, stackOptions: LocalStackOptions = {}): BrowserEnvironment {
  const env = stackEnvironment(stackOptions) as BrowserEnvironment;
  beforeAll(async () => {
    env.browser = await launchBrowser(undefined, options);
  });
  afterAll(async () => {
    await env.browser?.close();
  });
  return env;
}
