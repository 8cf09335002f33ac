import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The folders right inside `folder`: each feature, each function. */
const foldersIn = (folder) =>
  readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One folder may use none of its siblings: each feature (or function) is its own. */
const siblingsApart = (folder, message) =>
  foldersIn(folder).map((name) => ({ target: `./${folder}/${name}`, from: `./${folder}`, except: [`./${name}`], message }));

/** The folders of lambdas/ besides the functions': the domains, and lib. */
const lambdaDomains = foldersIn('lambdas').filter((name) => name !== 'functions');

/**
 * Which code may import which, judged on the path each import resolves to
 * (static `import`, `export … from` and dynamic `import()` alike), whatever
 * the import string looks like. The README draws these arrows;
 * tests/unit/lint-boundaries.test.ts shows each rule refusing a real violation.
 */
const zones = [
  { target: './lambdas', from: ['./web', './infra'], message: 'The handlers never import the web or the infrastructure: what both need lives in lambdas/lib or shared/.' },
  { target: './shared', from: ['./web', './lambdas', './infra', './scripts'], message: 'shared/ is used by the browser and the server alike: it imports only shared/.' },
  { target: './web', from: ['./lambdas', './infra', './scripts'], message: 'The browser bundle must not import server code (relay addresses and keys stay server-side).' },
  { target: './infra', from: './web', message: 'The infrastructure does not import the web: what both need lives in shared/.' },
  { target: './web/shared', from: ['./web/app', './web/admin'], message: 'web/shared/ serves the public site and the admin alike: it imports neither.' },
  { target: './web/app', from: './web/admin', message: 'The public site does not import the admin.' },
  { target: './web/admin', from: './web/app', message: 'The admin takes what it shares with the public site from web/shared/, never from web/app/.' },
  { target: ['./web/app/components', './web/app/lib', './web/app/i18n', './web/app/config'], from: './web/app/features', message: 'Shared code does not import a feature.' },
  { target: ['./web/admin/components', './web/admin/api', './web/admin/auth'], from: './web/admin/features', message: 'Shared code does not import a feature.' },
  ...siblingsApart('web/app/features', 'Features do not import each other: what they share lives in components/, lib/ or web/shared/.'),
  ...siblingsApart('web/admin/features', 'Features do not import each other: what they share lives in components/, api/ or web/shared/.'),
  ...siblingsApart('lambdas/functions', 'A function does not import another: what both need lives in a domain folder or lambdas/lib.'),
  { target: ['./lambdas/routes.ts', ...lambdaDomains.map((name) => `./lambdas/${name}`)], from: './lambdas/functions', message: 'Only a function imports its handler: domains and lib never import a function.' },
  { target: './lambdas/lib', from: lambdaDomains.filter((name) => name !== 'lib').map((name) => `./lambdas/${name}`), message: 'lambdas/lib is plumbing: it imports no domain folder.' },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'cdk.out/',
      '.data/',
      '.tmp/',
      'web/shared/forms/generated/',
      'web/shared/fonts/generated/',
      'web/admin/generated/',
      'web/app/pictures/generated/',
      'shared/forms/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript files are Node scripts (postinstall, child-process preloads).
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The boundaries between folders, by resolved path, and no import loop anywhere.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Reads TypeScript modules to follow their imports (the loops); resolves paths as Node does, with TypeScript's extensions.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
