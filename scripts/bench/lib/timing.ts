import { performance } from 'node:perf_hooks';

/** Durations of `runs` calls, sorted, after one warm-up call (the handlers' first load). */
export async function timedRuns(runs: number, call: () => Promise<void>): Promise<number[]> {
  await call();
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    durations.push(performance.now() - start);
  }
  return durations.sort((a, b) => a - b);
}
