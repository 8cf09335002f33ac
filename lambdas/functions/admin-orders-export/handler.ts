import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { exportFormats, type ExportFormat, type ExportResponse, type SelectedOrdersExport } from '../../../shared/admin-api';
import type { FormSchema } from '../../../shared/forms/form-schema';
import type { Language } from '../../../shared/languages';
import { createFormRegistry } from '../../forms/form-registry';
import { exportsPrefix } from '../../forms/upload-keys';
import { adminHandler } from '../../staff/admin-handler';
import { createStaffDirectory, withMine } from '../../staff/staff-directory';
import { createCognitoClient, createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, isRecord, json, readJsonBody, type HttpResponse } from '../../lib/http';
import { createInboxStore } from '../../submissions/inbox-store';
import { createUploadsBucket } from '../../lib/uploads-bucket';
import { createOrderFinder, parseOrderQuery } from '../../submissions/find-orders';
import { createOrderSearchIndex } from '../../submissions/search-index';
import { exportAttributes, exportCsv, exportSheets, type ExportedOrder } from '../../submissions/order-export';
import { orderIdPattern } from '../../submissions/record';

/**
 * The inbox's exports (shared/admin-api.ts, ExportResponse): the orders of a
 * filter and search (GET) or those staff selected (POST), as a CSV or an
 * Excel file, built here, stored under exports/ in the uploads bucket (a
 * lifecycle rule removes it the next day) and handed over as a presigned
 * download link. The file never passes through API Gateway, whose answers
 * stop at 6 MB (decision 10). The workbook's code (exceljs) loads only when
 * a workbook is asked for.
 */

/** Beyond this the staff are asked to narrow the filter; 10,000 orders take a few seconds. */
const maxRows = 50_000;
const maxSelected = 500;
const maxBodyBytes = 32 * 1024;
const linkLifetimeSeconds = 5 * 60;
const fileTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const forms = createFormRegistry(config.formSchemasDir);
const documents = createDocumentClient(createDynamoDbClient(config));
const inbox = createInboxStore(documents, config.submissionsTable);
const searchIndex = createOrderSearchIndex(documents, config, async (formId) => (await forms.get(formId))?.schema);
const finder = createOrderFinder(inbox, searchIndex, exportAttributes);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/orders/export': async ({ event, language, caller }) => {
    const parameters = await withMine(event.queryStringParameters ?? {}, () => staff.emailOf(caller.username));
    // The inbox's "waiting too long" list is of new orders: its export holds them all, those not waiting yet too (decision 22).
    const parsed = parseOrderQuery(parameters.waiting === 'true' ? { ...parameters, status: 'new' } : parameters);
    if (!parsed.ok) return errorResponse(400, parsed.code, language, parsed.details);
    const format = parameters.format ?? 'csv';
    if (!isFormat(format)) return errorResponse(400, 'invalidOrderFilter', language, { parameter: 'format' });

    const orders: ExportedOrder[] = [];
    for await (const items of finder.all(parsed.query)) {
      orders.push(...(items as unknown as ExportedOrder[]));
      if (orders.length > maxRows) return errorResponse(413, 'exportTooLarge', language, { maxRows });
    }
    const { list, form } = parsed.query.filter;
    return exportAnswer(orders, format, `orders-${form ?? list}`, language);
  },

  'POST /api/admin/orders/export': async ({ event, language }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const request = parseSelection(body.value);
    if (!request) return errorResponse(400, 'invalidExport', language, { maxOrders: maxSelected });
    return exportAnswer(await inbox.getMany(request.orderIds), request.format, 'orders-selected', language);
  },
});

async function exportAnswer(orders: ExportedOrder[], format: ExportFormat, name: string, language: Language): Promise<HttpResponse> {
  const schemas = new Map<string, FormSchema | undefined>();
  for (const formId of new Set(orders.map((order) => order.formId))) schemas.set(formId, (await forms.get(formId))?.schema);
  const sheets = exportSheets(orders, (formId) => schemas.get(formId), language);
  const file = format === 'xlsx' ? await (await import('../../submissions/order-export-xlsx')).exportXlsx(sheets, language) : exportCsv(sheets);

  const now = new Date();
  const filename = `${name}-${now.toISOString().slice(0, 10)}.${format}`;
  const key = `${exportsPrefix}${randomUUID()}.${format}`;
  await bucket.putFile(key, file, { contentType: fileTypes[format], filename });
  const answer: ExportResponse = {
    downloadUrl: await bucket.presignDownload(key, filename, linkLifetimeSeconds),
    expiresAt: new Date(now.getTime() + linkLifetimeSeconds * 1000).toISOString(),
    filename,
    rows: orders.length,
  };
  return json(200, answer);
}

function isFormat(value: unknown): value is ExportFormat {
  return (exportFormats as readonly unknown[]).includes(value);
}

function parseSelection(value: unknown): SelectedOrdersExport | undefined {
  if (!isRecord(value) || !isFormat(value.format) || !Array.isArray(value.orderIds)) return undefined;
  const orderIds = value.orderIds as unknown[];
  if (orderIds.length === 0 || orderIds.length > maxSelected) return undefined;
  if (!orderIds.every((orderId) => typeof orderId === 'string' && orderIdPattern.test(orderId))) return undefined;
  return { orderIds: orderIds as string[], format: value.format };
}
