import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The local stack's child processes (the stand-ins in processes of their own
 * and the delivery worker): how they are spawned, and how they are kept
 * running while the stack runs, as AWS keeps its services up. A child that
 * exits unexpectedly is started again (same port, same data folder, same
 * environment); one that keeps dying soon after starting is restarted after
 * longer and longer pauses, then left stopped, and the log says so. `stop()`
 * ends it for good: SIGTERM, then SIGKILL if it has not exited in time.
 */

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What the stack shows of a child (a test kills one by its pid). */
export interface ChildState {
  /** The running process's id; undefined while it is restarted, once given up on, and once stopped. */
  readonly pid: number | undefined;
  /** How its last process ended, once one has: `{ code: 0, signal: null }` when it exited by itself. */
  readonly lastExit: ProcessExit | undefined;
}

export interface SupervisedChild extends ChildState {
  /** The running process, after any restart in progress; undefined once given up on or stopped. */
  ready(): Promise<ChildProcess | undefined>;
  /** Ends it for good, with no more restarts; safe to call more than once. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  /** Names the child in log lines, e.g. "DynamoDB (dynalite)". */
  name: string;
  /** Spawns the child (spawnStackChild) and resolves once it is ready; rejects, having ended it, when it cannot start. */
  start(): Promise<ChildProcess>;
  log(line: string): void;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  stopTimeoutMs: number;
  /** The last line the child printed, to say why it died. */
  lastOutput?(): string | undefined;
  /** The pause before each restart in a row; past the last one, the child is left stopped. */
  restartDelaysMs?: readonly number[];
}

const defaultRestartDelaysMs = [500, 1_000, 2_000, 4_000, 8_000];
/** A child that ran this long before dying was working: its restart counts as the first in a row again. */
const workingAfterMs = 60_000;
const exitWithParent = new URL('./exit-with-parent.mjs', import.meta.url).href;

/**
 * Starts `node [nodeFlags] script` as a child of the stack, with `env` as its
 * whole environment. It exits by itself when the stack's process dies
 * (exit-with-parent.mjs), and has a process group of its own: Ctrl+C in a
 * terminal signals the stack alone, which then stops its children in order
 * rather than all of them dying at once, the delivery worker mid relay call.
 */
export function spawnStackChild(
  script: string,
  options: { nodeFlags?: string[]; cwd?: string; env: NodeJS.ProcessEnv; ipc?: boolean },
): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', exitWithParent, script], {
    cwd: options.cwd,
    // NODE_OPTIONS from a test runner or a loader must not leak into a child.
    env: { ...options.env, NODE_OPTIONS: '' },
    detached: true,
    stdio: options.ipc ? ['pipe', 'inherit', 'inherit', 'ipc'] : ['pipe', 'pipe', 'pipe'],
  });
}

/** Starts the child and keeps it running until stop(); a first start that fails rejects. */
export async function superviseChild(options: SuperviseOptions): Promise<SupervisedChild> {
  const restartDelaysMs = options.restartDelaysMs ?? defaultRestartDelaysMs;
  let current: ChildProcess | undefined;
  let startedAt = 0;
  let lastExit: ProcessExit | undefined;
  let restartsInARow = 0;
  let restarting: Promise<ChildProcess | undefined> | undefined;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  /** Ends the pause before a restart at once (the stack is stopping). */
  let wake = () => {};

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = (child: ChildProcess) => {
    current = child;
    startedAt = Date.now();
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      lastExit = { code, signal };
      if (current !== child) return;
      current = undefined;
      if (stopped) return;
      if (Date.now() - startedAt >= workingAfterMs) restartsInARow = 0;
      const attempt: Promise<ChildProcess | undefined> = restart({ code, signal }).finally(() => {
        if (restarting === attempt) restarting = undefined;
      });
      restarting = attempt;
    };
    // The 'exit' event has already been emitted when the code or signal is set.
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);
  };

  const restart = async (exit: ProcessExit): Promise<ChildProcess | undefined> => {
    // Read late (after the pause): the dead process's last words may arrive after its 'exit'.
    const describeExit = () => {
      const said = options.lastOutput?.();
      return `exited unexpectedly (${exit.signal ?? `code ${exit.code}`}${said ? `: ${said}` : ''})`;
    };
    let why: string | undefined;
    let failure: string | undefined;
    while (!stopped) {
      const delayMs = restartDelaysMs[restartsInARow];
      if (delayMs === undefined) {
        options.log(
          `[stack] ${options.name} ${failure ?? (why ??= describeExit())}; given up after ${restartsInARow} restarts in a row, ` +
            'it stays stopped: stop the stack and start it again once the cause is fixed',
        );
        return undefined;
      }
      restartsInARow++;
      await pause(delayMs);
      why ??= describeExit();
      if (stopped) return undefined;
      try {
        const child = await options.start();
        if (stopped) {
          await endChild(child, options);
          return undefined;
        }
        options.log(`[stack] ${options.name} ${why}; restarted it (pid ${child.pid})`);
        run(child);
        return child;
      } catch (error) {
        failure = `could not be restarted (${firstLine(error)})`;
        options.log(`[stack] ${options.name} ${why} and ${failure}`);
      }
    }
    return undefined;
  };

  run(await options.start());
  return {
    get pid() {
      return current?.pid;
    },
    get lastExit() {
      return lastExit;
    },
    ready: async () => current ?? restarting,
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        wake();
        await restarting;
        if (current) await endChild(current, options);
      })()),
  };
}

/** SIGTERM, then SIGKILL (saying so) when the child has not exited within `stopTimeoutMs`. */
export function endChild(child: ChildProcess, options: Pick<SuperviseOptions, 'name' | 'log' | 'stopTimeoutMs'>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      options.log(`[stack] ${options.name} did not stop within ${options.stopTimeoutMs / 1000} s of SIGTERM; killed it`);
      child.kill('SIGKILL');
    }, options.stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function firstLine(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).split('\n')[0]!;
}
