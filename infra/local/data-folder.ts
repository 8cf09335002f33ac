import { open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StaffDirectory } from './cognito';

/**
 * What the local stack keeps at the top of its data folder: a lock (dynalite
 * crashes when two processes open the same database) and the ids and
 * credentials created on first start.
 */

const lockFile = 'local-stack.lock';
const stateFile = 'local-stack.json';

export interface SavedState {
  staff: StaffDirectory;
  /**
   * PUSH_KEY, made on first start and kept: the VAPID key of the notifications on staff phones
   * comes from it, and a new one would silence every device subscribed with the old.
   */
  pushKey?: string;
  /** Addresses of the stack that wrote it, while it runs (`npm run staff:add` uses them). */
  cognitoEndpoint?: string;
  siteUrl?: string;
}

/** Claims the data folder for this process; resolves with the release function. */
export async function acquireDataLock(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, lockFile);
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (isRunning(owner)) {
      const who = owner === process.pid ? 'this process' : `process ${owner}`;
      throw new Error(
        `${dataDir} is already used by a local stack in ${who}. Stop it first, or use another data folder (DATA_DIR).`,
      );
    }
    // Left behind by a stack that did not stop cleanly.
    await rm(file, { force: true });
  }
}

export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readSavedState(dataDir: string): Promise<SavedState | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, stateFile), 'utf8')) as SavedState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path.join(dataDir, stateFile)} is unreadable (${(error as Error).message}); delete it to start afresh`);
  }
}

/** Holds the admin password, so only the owner may read it. */
export async function writeSavedState(dataDir: string, state: SavedState): Promise<void> {
  await writeFile(path.join(dataDir, stateFile), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
