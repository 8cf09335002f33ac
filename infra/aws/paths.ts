import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, whatever the working directory of the process synthesizing the app. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm run build` writes the static site. */
export const defaultWebBuildDir = path.join(repoRoot, 'build', 'web', 'client');
