import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DeliverySchedule } from './delivery-schedule';

/**
 * The delivery worker in a process of its own (delivery-child.ts), started
 * with the environment the stack set for the handlers. `runNow()` runs it at
 * once; `stop()` lets a run in progress finish, then ends the process.
 */

export interface DeliverySettings {
  functionName: string;
  region: string;
  /** The function's timeout in AWS. */
  timeoutMs: number;
  dynamoDbEndpoint: string;
  submissionsTable: string;
  pollMs: number;
}

export type DeliveryParentMessage = { type: 'runNow'; id: number } | { type: 'stop' };
export type DeliveryChildMessage =
  | { type: 'ready' }
  | { type: 'ran'; id: number }
  | { type: 'report'; report: unknown }
  | { type: 'log'; line: string };

export interface DeliveryProcessOptions extends DeliverySettings {
  log(line: string): void;
  onRun?(report: unknown): void;
}

const childScript = fileURLToPath(new URL('./delivery-child.ts', import.meta.url));
const exitWithParent = new URL('./exit-with-parent.mjs', import.meta.url).href;
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const stopTimeoutMs = 70_000;

export async function startDeliveryProcess({ log, onRun, ...settings }: DeliveryProcessOptions): Promise<DeliverySchedule> {
  const child = spawn(process.execPath, ['--import', tsx, '--import', exitWithParent, childScript], {
    env: { ...process.env, NODE_OPTIONS: '', DELIVERY_SETTINGS: JSON.stringify(settings) },
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
  });
  const ran = new Map<number, () => void>();
  let nextId = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => ran.forEach((resolve) => resolve()));

  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: DeliveryChildMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'ran') {
        ran.get(message.id)?.();
        ran.delete(message.id);
      } else if (message.type === 'report') onRun?.(message.report);
      else if (message.type === 'log') log(message.line);
    });
    void exited.then(() => reject(new Error(`the delivery worker exited with ${child.exitCode ?? child.signalCode} before it was ready`)));
  });

  return {
    runNow() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const id = nextId++;
      return new Promise<void>((resolve) => {
        ran.set(id, resolve);
        child.send({ type: 'runNow', id } satisfies DeliveryParentMessage);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      child.send({ type: 'stop' } satisfies DeliveryParentMessage);
      await exited;
      clearTimeout(force);
    },
  };
}
