import path from 'node:path';
import { ConfigError } from '../../lambdas/lib/config';
import { PortInUseError } from './ports';
import { startLocalStack, type LocalStack } from './stack';

/**
 * `npm start`: the built site and its API on http://localhost:$PORT, with
 * local stand-ins for DynamoDB, S3, Cognito and the sheet relay.
 *
 * Environment: PORT (8080), DATA_DIR (.data), DYNAMODB_PORT (8000),
 * S3_PORT (4568), COGNITO_PORT (9229), RELAY_PORT (8790), SES_PORT (8005),
 * LAMBDA_PORT (9001, the site's publisher); 0 picks a free port. The staff e-mail of each order goes to the admin's address and is
 * read on the SES stand-in's page.
 * SHEET_RELAY_FAIL=503[:message] starts the sheet relay failing; switch it at
 * run time with PUT/DELETE <relay>/__control/failure. ANTI_SPAM=off turns the
 * honeypot verdict, the minimum fill time and the rate limit off.
 */

// The SDK's notice about Node 22 is known (README, Versions) and would bury the banner.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    console.error(`${name} must be a port number from 0 to 65535, got "${raw}"`);
    process.exit(1);
  }
  return port;
}

function banner(stack: LocalStack): string {
  return [
    '',
    `  Site            ${stack.siteUrl.replace('//127.0.0.1:', '//localhost:')}`,
    `  Admin sign-in   ${stack.admin.email}  /  ${stack.admin.password}`,
    `  Data folder     ${path.relative(process.cwd(), stack.dataDir) || '.'}`,
    `  Sheet rows      ${path.relative(process.cwd(), stack.sheetsDir)}/<sheet>.csv  (relay ${stack.endpoints.relay})`,
    `  Staff e-mail    ${stack.endpoints.ses.replace('//127.0.0.1:', '//localhost:')}  (to ${stack.staffEmails.join(', ')}; files in ${path.relative(process.cwd(), stack.mailDir)})`,
    ...(process.env.SHEET_RELAY_FAIL?.trim()
      ? [`  Sheet relay     failing on purpose (SHEET_RELAY_FAIL=${process.env.SHEET_RELAY_FAIL})`]
      : []),
    ...(process.env.ANTI_SPAM?.trim().toLowerCase() === 'off' ? ['  Anti-spam       off (ANTI_SPAM=off): no honeypot verdict, fill time or rate limit'] : []),
    '',
    '  Ctrl+C to stop.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      sitePort: portFromEnv('PORT', 8080),
      dynamoDbPort: portFromEnv('DYNAMODB_PORT', 8000),
      s3Port: portFromEnv('S3_PORT', 4568),
      cognitoPort: portFromEnv('COGNITO_PORT', 9229),
      relayPort: portFromEnv('RELAY_PORT', 8790),
      sesPort: portFromEnv('SES_PORT', 8005),
      lambdaPort: portFromEnv('LAMBDA_PORT', 9001),
      dataDir: process.env.DATA_DIR?.trim() || '.data',
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof PortInUseError) {
      console.error(`${error.message}\nPorts are set with PORT, DYNAMODB_PORT, S3_PORT, COGNITO_PORT, RELAY_PORT, SES_PORT and LAMBDA_PORT.`);
    } else {
      console.error(`The local stack could not start: ${(error as Error)?.message ?? String(error)}`);
    }
    process.exit(1);
  }
  console.log(banner(stack));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    console.log('Stopping…');
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
