import { defineConfig } from 'vitest/config';

/**
 * One test run, four kinds of tests:
 * - unit: pure modules, in Node (component tests opt into happy-dom per file);
 * - infra: assertions on the synthesized CDK template (offline);
 * - integration: the real local stack (dynalite, s3rver, cognito-local, relay) driven over HTTP;
 * - browser: headless Debian Chromium against the local stack.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/support/build-forms.ts'],
        },
      },
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time keeps a 2-core CI machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
