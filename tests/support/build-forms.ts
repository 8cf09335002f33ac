import { execFileSync } from 'node:child_process';

/** Vitest global setup: the generated form modules must match the schemas under test. */
export default function buildForms() {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-forms.ts'], { stdio: 'ignore' });
}
