import { spawn, type ChildProcess } from 'node:child_process';
import { waitForPort } from './ports';

/**
 * A stand-in run as a child node process: started on a known port, waited
 * for until it accepts connections, stopped with SIGTERM (then SIGKILL).
 * The child exits by itself if this process dies, so it never lingers
 * holding a port.
 */

export interface ChildService {
  close(): Promise<void>;
}

export interface ChildServiceOptions {
  /** For messages, e.g. "Cognito (cognito-local)". */
  service: string;
  script: string;
  port: number;
  cwd: string;
  env: Record<string, string>;
  nodeFlags?: string[];
  startTimeoutMs?: number;
  /** Each line the child prints; otherwise only the last lines are kept, to explain a failed start. */
  onOutput?(line: string): void;
}

const exitWithParent = new URL('./exit-with-parent.mjs', import.meta.url).href;
const stopTimeoutMs = 5_000;

export async function startChildService(options: ChildServiceOptions): Promise<ChildService> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', exitWithParent, options.script], {
    cwd: options.cwd,
    // NODE_OPTIONS from a test runner or a loader must not leak into a plain JS child.
    env: { ...process.env, NODE_OPTIONS: '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });

  // The child's request log is noise; keep its tail to explain a failed start.
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    const lines = chunk.toString('utf8').split('\n').filter(Boolean);
    lines.forEach((line) => options.onOutput?.(line));
    output.push(...lines);
    output.splice(0, Math.max(0, output.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `it exited with ${signal ?? `code ${code}`}${output.length ? `:\n${output.join('\n')}` : ''}`;
  });
  child.once('error', (error) => {
    exited = error.message;
  });

  const close = () => stopChild(child);
  try {
    await waitForPort(options.port, {
      timeoutMs: options.startTimeoutMs ?? 20_000,
      service: options.service,
      stillStarting: () => exited,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
