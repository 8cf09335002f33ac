/**
 * Keeps `npm ci` working against registries that lack some platforms' optional
 * binaries (the build machines' mirror has no tarballs for, e.g., Android or
 * FreeBSD builds of Tailwind's oxide and Rollup). npm then writes optional
 * dependencies into package-lock.json that have no entry of their own, and
 * `npm ci` refuses the lock file as out of sync. This drops those dangling
 * names; on a complete registry there is nothing to drop.
 *
 * Runs after `npm install` (the postinstall script); a no-op under `npm ci`.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

if (process.env.npm_command !== 'ci' && existsSync('package-lock.json')) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const present = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')));
  let dropped = 0;
  for (const entry of Object.values(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!present.has(name)) {
        delete entry.optionalDependencies[name];
        dropped += 1;
      }
    }
  }
  if (dropped > 0) {
    writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`prune-lockfile: dropped ${dropped} optional dependencies the registry does not serve`);
  }
}
