import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder under the OS temp dir; remove it with removeTempDir. */
export function makeTempDir(label: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `agri-dealer-${label}-`));
}

export function removeTempDir(dir: string | undefined): Promise<void> {
  return dir ? rm(dir, { recursive: true, force: true }) : Promise.resolve();
}
