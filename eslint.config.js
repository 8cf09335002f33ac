import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverCode = {
  group: ['**/lambdas/**', '**/infra/**'],
  message: 'The browser bundle must not import server code (relay addresses and keys stay server-side).',
};
const webCode = { group: ['**/web/**'], message: 'Only the web imports the web: share code through shared/.' };
const infraCode = { group: ['**/infra/**'], message: 'The handlers never import the infrastructure: what both need lives in lambdas/lib or shared/.' };
const lambdaCode = { group: ['**/lambdas/**'], message: 'shared/ is used by the browser and the server alike: it imports neither.' };
// "../<other feature>/…": a feature uses the shared components, not another feature's (an admin feature may use another's API hooks, `*-api`).
const otherFeature = { regex: '^\\.\\./(?!\\.)[^/]+/(?!.*-api$)', message: 'Features do not import each other: move what they share to components/ (or lib/).' };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Which code may import which, by folder. */
const importBoundaries = [
  { files: ['web/**/*.{ts,tsx}'], rules: restrict(serverCode) },
  { files: ['web/app/features/**/*.{ts,tsx}', 'web/admin/features/**/*.{ts,tsx}'], rules: restrict(serverCode, otherFeature) },
  { files: ['lambdas/**/*.ts'], rules: restrict(webCode, infraCode) },
  { files: ['shared/**/*.ts'], rules: restrict(webCode, lambdaCode, { group: ['**/infra/**'], message: lambdaCode.message }) },
  { files: ['infra/**/*.ts'], rules: restrict(webCode) },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'build/', 'cdk.out/', '.data/', '.tmp/', 'web/app/forms/generated/', 'web/admin/generated/'],
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
  // The boundaries the README describes, each a rule: a wrong import fails the lint (tests/unit/lint-boundaries.test.ts).
  ...importBoundaries,
);
