import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { ExportResponse } from '../../../shared/admin-api';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { createFormRegistry } from '../../forms/form-registry';
import { exportsPrefix } from '../../forms/upload-keys';
import { adminHandler } from '../../staff/admin-handler';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, json } from '../../lib/http';
import { createInboxStore } from '../../submissions/inbox-store';
import { createUploadsBucket } from '../../lib/uploads-bucket';
import { parseInboxFilter, planInboxQuery } from '../../submissions/inbox-query';
import { exportAttributes, ordersCsv, type ExportedOrder } from '../../submissions/order-export';

/**
 * GET /api/admin/orders/export?<the inbox's filters>: every matching order as
 * a CSV file, built here, stored under exports/ in the uploads bucket (a
 * lifecycle rule removes it the next day) and handed over as a presigned
 * download link. The file never passes through API Gateway, whose answers
 * stop at 6 MB (decision 10).
 */

/** Beyond this the staff are asked to narrow the filter; 10,000 orders take a few seconds. */
const maxRows = 50_000;
const linkLifetimeSeconds = 5 * 60;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const forms = createFormRegistry(config.formSchemasDir);
const inbox = createInboxStore(createDocumentClient(createDynamoDbClient(config)), config.submissionsTable);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/orders/export': async ({ event, language }) => {
    const parsed = parseInboxFilter(event.queryStringParameters ?? {});
    if (!parsed.ok) return errorResponse(400, 'invalidOrderFilter', language, { parameter: parsed.parameter });

    const orders: ExportedOrder[] = [];
    for await (const items of inbox.all(planInboxQuery(parsed.filter), exportAttributes)) {
      orders.push(...(items as unknown as ExportedOrder[]));
      if (orders.length > maxRows) return errorResponse(413, 'exportTooLarge', language, { maxRows });
    }
    const schemas = new Map<string, FormSchema | undefined>();
    for (const formId of new Set(orders.map((order) => order.formId))) schemas.set(formId, (await forms.get(formId))?.schema);

    const now = new Date();
    const filename = `orders-${parsed.filter.list}-${now.toISOString().slice(0, 10)}.csv`;
    const key = `${exportsPrefix}${randomUUID()}.csv`;
    await bucket.putFile(key, ordersCsv(orders, (formId) => schemas.get(formId), language), {
      contentType: 'text/csv; charset=utf-8',
      filename,
    });
    const answer: ExportResponse = {
      downloadUrl: await bucket.presignDownload(key, filename, linkLifetimeSeconds),
      expiresAt: new Date(now.getTime() + linkLifetimeSeconds * 1000).toISOString(),
      filename,
      rows: orders.length,
    };
    return json(200, answer);
  },
});
