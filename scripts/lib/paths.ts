import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders the build and check scripts work on, resolved from the repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const formSchemasDir = path.join(repoRoot, 'form-schemas');
export const generatedFormsDir = path.join(repoRoot, 'web/app/forms/generated');
