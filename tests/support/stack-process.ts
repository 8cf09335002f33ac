import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { repoRoot } from '../../infra/paths';

/**
 * The local stack as `npm start` runs it (infra/local/start.ts), in a process
 * of its own that a test can kill outright, as a crash or a power cut would,
 * or interrupt as Ctrl+C in a terminal does.
 */
export interface StackProcess {
  siteUrl: string;
  /** The sheet relay's address, from the banner. */
  relayUrl: string;
  /** SIGKILL: no cleanup, no graceful stop. */
  kill(): Promise<void>;
  /** Ctrl+C in a terminal: SIGINT to the stack and every process of its group. Resolves with its exit code. */
  interrupt(): Promise<number | null>;
}

const exitWithParent = new URL('../../infra/local/exit-with-parent.mjs', import.meta.url).href;

export async function startStackProcess(dataDir: string, env: Record<string, string> = {}): Promise<StackProcess> {
  // Its own process group, as a terminal's foreground job; it still never outlives the test (exit-with-parent).
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', exitWithParent, path.join(repoRoot, 'infra/local/start.ts')], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: dataDir,
      PORT: '0',
      DYNAMODB_PORT: '0',
      S3_PORT: '0',
      COGNITO_PORT: '0',
      RELAY_PORT: '0',
      SES_PORT: '0',
      LAMBDA_PORT: '0',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const { siteUrl, relayUrl } = await new Promise<{ siteUrl: string; relayUrl: string }>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const site = /Site\s+(http:\/\/\S+)/.exec(text)?.[1];
      const relay = /\(relay (http:\/\/[^\s)]+)\)/.exec(text)?.[1];
      if (site && relay) resolve({ siteUrl: site.replace('//localhost:', '//127.0.0.1:'), relayUrl: relay });
    });
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code} before it was ready:\n${text}${output.join('')}`)));
  });
  return { siteUrl, relayUrl, kill: () => killNow(child), interrupt: () => interrupt(child) };
}

async function interrupt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  process.kill(-child.pid!, 'SIGINT');
  const [code] = await exited;
  return code;
}

async function killNow(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
