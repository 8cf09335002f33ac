import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The AWS SDK warns, in every process the tests start, that its releases from 2027 need Node 22;
// the tests run on Node 20 with versions pinned for it (README, "Versions"), and the warning would bury their report.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The stacks the integration tests start: they post orders straight to the
 * API, from one address and without start tokens, as a script would, so the
 * anti-spam rules would refuse them past a few a minute (docs/decisions/0011).
 * The anti-spam tests turn it on for their stack. The browser tests keep it
 * on: they send orders through the site's own forms, as farmers do.
 */
const withoutAntiSpam = { ANTI_SPAM: 'off' };

/**
 * One test run, five kinds of tests:
 * - unit: pure modules, in Node (component tests opt into happy-dom per file);
 * - infra: assertions on the synthesized CDK template (offline);
 * - integration: the real local stack (dynalite, s3rver, cognito-local, relay) driven over HTTP;
 * - browser: headless Debian Chromium against the local stack;
 * - libreoffice: how LibreOffice Calc (headless, Debian's libreoffice-calc-nogui) reads the cells the sheet gets.
 */
export default defineConfig({
  test: {
    // Vitest's default, one worker less than the cores, runs one file at a time on a 2-core machine, although the
    // integration and browser files mostly wait on their stack: two at a time, of any kind. The browser files alone
    // are the longest part (about 10 minutes one after another), so they may take both workers once the rest is done.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
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
          env: withoutAntiSpam,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'libreoffice', include: ['tests/libreoffice/**/*.test.ts'], testTimeout: 180_000 } },
    ],
  },
});
