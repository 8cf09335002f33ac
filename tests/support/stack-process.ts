import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { repoRoot } from '../../infra/aws/paths';

/**
 * The local stack as `npm start` runs it (infra/local/start.ts), in a process
 * of its own that a test can kill outright, as a crash or a power cut would.
 */
export interface StackProcess {
  siteUrl: string;
  /** SIGKILL: no cleanup, no graceful stop. */
  kill(): Promise<void>;
}

export async function startStackProcess(dataDir: string, env: Record<string, string> = {}): Promise<StackProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'infra/local/start.ts')], {
    cwd: repoRoot,
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const siteUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const site = /Site\s+(http:\/\/\S+)/.exec(text)?.[1];
      if (site) resolve(site.replace('//localhost:', '//127.0.0.1:'));
    });
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code} before it was ready:\n${text}${output.join('')}`)));
  });
  return { siteUrl, kill: () => killNow(child) };
}

async function killNow(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
