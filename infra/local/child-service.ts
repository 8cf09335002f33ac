import type { ChildProcess } from 'node:child_process';
import { waitForPort } from './ports';
import { endChild, spawnStackChild, superviseChild, type ChildState } from './supervised-child';

/**
 * A stand-in run as a child node process: started on a known port, waited
 * for until it accepts connections, restarted on the same port if it dies
 * (supervised-child.ts), stopped with SIGTERM (then SIGKILL). The child
 * exits by itself if this process dies, so it never lingers holding a port.
 */

export interface ChildService {
  close(): Promise<void>;
  /** Its process, for a test that kills it. */
  child: ChildState;
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
  /** Each line the child prints; otherwise only the last lines are kept, to explain a failed start or a death. */
  onOutput?(line: string): void;
  /** Where a restart is reported; default the console. */
  log?(line: string): void;
}

const stopTimeoutMs = 5_000;

export async function startChildService(options: ChildServiceOptions): Promise<ChildService> {
  const log = options.log ?? ((line: string) => console.log(line));
  // This start's environment, kept for restarts: a later stack in the same process changes process.env.
  const env = { ...process.env, ...options.env };
  // The child's request log is noise; keep its tail to explain a failed start or a death.
  let output: string[] = [];

  const start = async (): Promise<ChildProcess> => {
    const child = spawnStackChild(options.script, { nodeFlags: options.nodeFlags, cwd: options.cwd, env });
    const lines: string[] = (output = []);
    const keep = (chunk: Buffer) => {
      const printed = chunk.toString('utf8').split('\n').filter(Boolean);
      printed.forEach((line) => options.onOutput?.(line));
      lines.push(...printed);
      lines.splice(0, Math.max(0, lines.length - 20));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let exited: string | undefined;
    child.once('exit', (code, signal) => {
      exited = `it exited with ${signal ?? `code ${code}`}${lines.length ? `:\n${lines.join('\n')}` : ''}`;
    });
    child.once('error', (error) => {
      exited = error.message;
    });
    try {
      await waitForPort(options.port, {
        timeoutMs: options.startTimeoutMs ?? 20_000,
        service: options.service,
        stillStarting: () => exited,
      });
    } catch (error) {
      await endChild(child, { name: options.service, log, stopTimeoutMs });
      throw error;
    }
    return child;
  };

  const supervised = await superviseChild({
    name: options.service,
    start,
    log,
    stopTimeoutMs,
    lastOutput: () => output.at(-1),
  });
  return { close: supervised.stop, child: supervised };
}
