import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lambdas/**', '**/infra/**'],
              message: 'The browser bundle must not import server code (relay addresses and keys stay server-side).',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the web is bound by the browser-bundle import rule.
    files: ['lambdas/**', 'infra/**', 'scripts/**', 'tests/**', 'shared/**', '*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
