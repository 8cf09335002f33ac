import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DeliverySchedule } from './delivery-schedule';
import { spawnStackChild, superviseChild, type ChildState } from './supervised-child';

/**
 * The delivery worker in a process of its own (delivery-child.ts), started
 * with the environment the stack set for the handlers, and started again if
 * it dies (the stored submissions are its queue: what was accepted meanwhile
 * goes out after the restart). `runNow()` runs it at once; `stop()` sends it
 * SIGTERM, which lets it finish its relay call in flight and write down the
 * outcome, and kills it only if it has not exited after `stopTimeoutMs`.
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

export type DeliveryParentMessage = { type: 'runNow'; id: number };
export type DeliveryChildMessage =
  | { type: 'ready' }
  | { type: 'ran'; id: number }
  | { type: 'report'; report: unknown }
  | { type: 'log'; line: string };

export interface DeliveryProcessOptions extends DeliverySettings {
  /** How long stop() waits after SIGTERM before SIGKILL: more than a relay call and its writes take. */
  stopTimeoutMs: number;
  log(line: string): void;
  onRun?(report: unknown): void;
}

export interface DeliveryProcess extends DeliverySchedule {
  /** Its process, for a test that kills it. */
  child: ChildState;
}

const childScript = fileURLToPath(new URL('./delivery-child.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function startDeliveryProcess({ log, onRun, stopTimeoutMs, ...settings }: DeliveryProcessOptions): Promise<DeliveryProcess> {
  // This start's environment, kept for restarts: a later stack in the same process changes process.env.
  const env = { ...process.env, DELIVERY_SETTINGS: JSON.stringify(settings) };
  /** Who waits for which runNow(), answered when the run ends or its process does. */
  const ran = new Map<number, () => void>();
  let nextId = 0;

  const start = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawnStackChild(childScript, { nodeFlags: ['--import', tsx], env, ipc: true });
      child.on('message', (message: DeliveryChildMessage) => {
        if (message.type === 'ready') resolve(child);
        else if (message.type === 'ran') {
          ran.get(message.id)?.();
          ran.delete(message.id);
        } else if (message.type === 'report') onRun?.(message.report);
        else if (message.type === 'log') log(message.line);
      });
      child.once('exit', (code, signal) => {
        ran.forEach((answer) => answer());
        ran.clear();
        reject(new Error(`the delivery worker exited with ${signal ?? `code ${code}`} before it was ready`));
      });
    });

  const worker = await superviseChild({ name: 'the delivery worker', start, log, stopTimeoutMs });
  return {
    child: worker,
    async runNow() {
      const child = await worker.ready();
      if (!child?.connected) return;
      const id = nextId++;
      await new Promise<void>((resolve) => {
        ran.set(id, resolve);
        // A process that has just died answers through 'exit' above; this covers a send that fails first.
        child.send({ type: 'runNow', id } satisfies DeliveryParentMessage, (error) => {
          if (error) resolve();
        });
      });
    },
    stop: worker.stop,
  };
}
