import { Logger } from '@aws-lambda-powertools/logger';
import type { ReadinessResponse } from '../../../shared/admin-api';
import { readFormSheets, type FormSheet } from '../../../shared/forms/schema-files';
import { createContentStore } from '../../content/content-store';
import { judgeReadiness } from '../../content/readiness';
import { relayUrlsFrom, type RelayUrls } from '../../deliveries/relay-urls';
import { createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { json } from '../../lib/http';
import { adminHandler } from '../../staff/admin-handler';

/**
 * GET /api/admin/readiness: what still stands in for the dealer's real data
 * (lambdas/content/readiness.ts), for the dashboard. It reads the live
 * content, the staff e-mail's setting, the forms' sheets and the relay's
 * addresses (in AWS, the secret the delivery worker reads).
 */

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const content = createContentStore(createDocumentClient(createDynamoDbClient(config)), config.contentTable);

let sheets: Promise<FormSheet[]> | undefined;
let relayUrls: RelayUrls | undefined;

/** The forms' sheets, from their schemas, read once per container. */
function formSheets(): Promise<FormSheet[]> {
  sheets ??= readFormSheets(config.formSchemasDir);
  sheets.catch(() => (sheets = undefined));
  return sheets;
}

/** The sheet keys with a relay address; none when the relay's addresses are not set or cannot be read (the orders wait then too). */
async function relayAddresses(): Promise<Set<string>> {
  try {
    relayUrls ??= relayUrlsFrom(config);
    return new Set(Object.keys(await relayUrls()));
  } catch (error) {
    logger.warn('The relay addresses could not be read', { error });
    return new Set();
  }
}

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/readiness': async () => {
    const [live, sheetList, addresses] = await Promise.all([content.live(), formSheets(), relayAddresses()]);
    const answer: ReadinessResponse = {
      lines: judgeReadiness({
        published: live !== undefined && !live.shipped,
        live: live?.overrides ?? {},
        staffMail: config.staffMail !== undefined,
        sheets: sheetList,
        relayAddresses: addresses,
      }),
    };
    return json(200, answer);
  },
});
