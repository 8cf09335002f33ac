import { Logger } from '@aws-lambda-powertools/logger';
import type {
  AdminOrder,
  BulkStatusRequest,
  BulkStatusResponse,
  OrderCounts,
  OrderPage,
  OrderUpdate,
  ReplyTemplatesResponse,
} from '../../../shared/admin-api';
import { defaultDealer } from '../../../shared/content/dealer';
import { resolveDealer, resolveTexts } from '../../../shared/content/resolve';
import { siteText } from '../../../shared/content/site-text';
import { defaultReplyTemplates, maxReplyTemplateLength, unknownPlaceholder, unknownPlaceholderMessage } from '../../../shared/reply-templates';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { languages, type Language, type Localized } from '../../../shared/languages';
import { contactChannels, staffDeliveryKinds, submissionStatuses, type Submission, type SubmissionStatus } from '../../../shared/submissions';
import { createFormRegistry } from '../../forms/form-registry';
import { adminHandler, type AdminRequest } from '../../staff/admin-handler';
import { createCognitoClient, createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { createContentStore } from '../../content/content-store';
import { errorResponse, isRecord, json, localizedErrorResponse, readJsonBody, type HttpResponse } from '../../lib/http';
import { createInboxStore, type StaffChange, type UpdateOutcome } from '../../submissions/inbox-store';
import { createStaffDirectory } from '../../staff/staff-directory';
import { createSubmissionsStore } from '../../submissions/submissions-store';
import { createOrderFinder, parseOrderQuery } from '../../submissions/find-orders';
import { createReplyTemplatesStore } from '../../submissions/reply-templates-store';
import { createOrderSearchIndex, searchedOrder } from '../../submissions/search-index';
import { textTerms } from '../../submissions/search-words';
import { toAdminOrder } from '../../submissions/order-view';
import { orderIdPattern } from '../../submissions/record';

/**
 * The orders inbox (shared/admin-api.ts): pages of submissions, one order
 * with its history, staff changes made on the version seen (409 otherwise),
 * one status for several orders, and the counts for the badges.
 */

const maxBodyBytes = 16 * 1024;
const defaultPageSize = 50;
const maxPageSize = 100;
const maxNoteLength = 2_000;
const maxBulkOrders = 25;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const forms = createFormRegistry(config.formSchemasDir);
const documents = createDocumentClient(createDynamoDbClient(config));
const inbox = createInboxStore(documents, config.submissionsTable);
const submissions = createSubmissionsStore(documents, config.submissionsTable);
const searchIndex = createOrderSearchIndex(documents, config, schemaOf);
const finder = createOrderFinder(inbox, searchIndex);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);
const content = createContentStore(documents, config.contentTable);
const replyTemplates = createReplyTemplatesStore(documents, config.contentTable);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/orders': listOrders,
  'GET /api/admin/orders/counts': async () => {
    const [newOrders, { undelivered }, needsStaff] = await Promise.all([
      inbox.count('inbox', 'new'),
      submissions.undelivered(),
      submissions.needingStaff(),
    ]);
    const counts: OrderCounts = { new: newOrders, undelivered, needsStaff };
    return json(200, counts);
  },
  'GET /api/admin/orders/{orderId}': async ({ event, language }) => {
    const orderId = event.pathParameters?.orderId ?? '';
    const submission = orderIdPattern.test(orderId) ? await submissions.get(orderId) : undefined;
    if (!submission) return errorResponse(404, 'orderNotFound', language);
    return json(200, { order: await view(submission, language, true) });
  },
  'PATCH /api/admin/orders/{orderId}': updateOrder,
  'POST /api/admin/orders/status': updateStatuses,
  'GET /api/admin/orders/reply-templates': async () => json(200, await replyTemplatesAnswer()),
  'PUT /api/admin/orders/reply-templates': saveReplyTemplates,
});

async function listOrders({ event, language }: AdminRequest): Promise<HttpResponse> {
  const parameters = event.queryStringParameters ?? {};
  const parsed = parseOrderQuery(parameters);
  if (!parsed.ok) return errorResponse(400, parsed.code, language, parsed.details);
  const limit = parameters.limit === undefined ? defaultPageSize : Number(parameters.limit);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxPageSize) {
    return errorResponse(400, 'invalidOrderFilter', language, { parameter: 'limit' });
  }
  const start = parameters.cursor === undefined ? undefined : finder.startKey(parsed.query, parameters.cursor);
  if (parameters.cursor !== undefined && !start) return errorResponse(400, 'invalidCursor', language);

  const page = await finder.page(parsed.query, limit, start);
  const answer: OrderPage = {
    orders: await views(page.submissions, language),
    ...(page.next ? { nextCursor: finder.cursor(parsed.query, page.next) } : {}),
  };
  return json(200, answer);
}

async function updateOrder({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const orderId = event.pathParameters?.orderId ?? '';
  if (!orderIdPattern.test(orderId)) return errorResponse(404, 'orderNotFound', language);
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const update = parseOrderUpdate(body.value);
  if (!update) return errorResponse(400, 'invalidOrderUpdate', language, { maxNoteLength });

  const { version, ...change } = update;
  const outcome = await inbox.update(orderId, change, version, await whoIs(caller.username), new Date().toISOString());
  // A note is searched: its words lead to the order (the note it replaced still does; a search then checks the order itself).
  if (outcome.outcome === 'updated' && change.note) {
    await searchIndex.add(searchedOrder(outcome.submission, await schemaOf(outcome.submission.formId)), textTerms(change.note));
  }
  return updateAnswer(outcome, language);
}

/** The templates as saved (or as shipped), with the dealer's details as the live site shows them. */
async function replyTemplatesAnswer(): Promise<ReplyTemplatesResponse> {
  const [saved, live] = await Promise.all([replyTemplates.get(), content.live()]);
  const name = resolveTexts('site', siteText, live?.overrides.texts).siteTitle;
  const phone = resolveDealer(defaultDealer, live?.overrides.dealer).phones[0] ?? '';
  return {
    templates: saved?.templates ?? defaultReplyTemplates,
    defaults: defaultReplyTemplates,
    dealer: { name, phone },
    ...(saved ? { saved: { at: saved.savedAt, by: saved.savedBy } } : {}),
  };
}

async function saveReplyTemplates({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const templates = isRecord(body.value) && Object.keys(body.value).length === 1 ? parseTemplates(body.value.templates) : undefined;
  if (!templates) return errorResponse(400, 'invalidReplyTemplates', language, { maxLength: maxReplyTemplateLength });
  for (const text of Object.values(templates)) {
    const placeholder = unknownPlaceholder(text);
    if (placeholder) return localizedErrorResponse(400, 'unknownPlaceholder', unknownPlaceholderMessage(placeholder), language, { placeholder });
  }
  await replyTemplates.save({ templates, savedAt: new Date().toISOString(), savedBy: await whoIs(caller.username) });
  return json(200, await replyTemplatesAnswer());
}

function parseTemplates(value: unknown): Localized | undefined {
  if (!isRecord(value) || Object.keys(value).length !== languages.length) return undefined;
  const valid = languages.every((language) => {
    const text = value[language];
    return typeof text === 'string' && text.trim() !== '' && text.length <= maxReplyTemplateLength;
  });
  return valid ? (Object.fromEntries(languages.map((language) => [language, (value[language] as string).trim()])) as Localized) : undefined;
}

async function updateStatuses({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const request = parseBulkStatus(body.value);
  if (!request) return errorResponse(400, 'invalidBulkStatus', language, { maxOrders: maxBulkOrders });

  const by = await whoIs(caller.username);
  const now = new Date().toISOString();
  const results = await Promise.all(
    request.orders.map(async ({ orderId, version }): Promise<BulkStatusResponse['results'][number]> => {
      const outcome = await inbox.update(orderId, { status: request.status }, version, by, now);
      if (outcome.outcome === 'notFound') return { orderId, outcome: 'notFound' };
      const order = await view(outcome.submission, language, true);
      return { orderId, outcome: outcome.outcome === 'updated' ? 'updated' : 'stale', order };
    }),
  );
  const answer: BulkStatusResponse = { results };
  return json(200, answer);
}

async function updateAnswer(outcome: UpdateOutcome, language: Language): Promise<HttpResponse> {
  switch (outcome.outcome) {
    case 'updated':
      return json(200, { order: await view(outcome.submission, language, true) });
    case 'notFound':
      return errorResponse(404, 'orderNotFound', language);
    case 'stale':
      return errorResponse(409, 'staleVersion', language, { order: await view(outcome.submission, language, true) });
    case 'deliveryInProgress':
      return errorResponse(409, 'deliveryInProgress', language, { order: await view(outcome.submission, language, true) });
    case 'nothingToUndo':
      return errorResponse(409, 'nothingToUndo', language, { order: await view(outcome.submission, language, true) });
    case 'alreadyDelivered':
      return errorResponse(409, 'alreadyDelivered', language, {
        deliveries: outcome.kinds,
        order: await view(outcome.submission, language, true),
      });
  }
}

/** The staff member's e-mail for the history; their user name should the pool not answer. */
async function whoIs(username: string): Promise<string> {
  try {
    return await staff.emailOf(username);
  } catch (error) {
    logger.warn('The user pool did not give the staff member’s e-mail', { error, username });
    return username;
  }
}

async function schemaOf(formId: string): Promise<FormSchema | undefined> {
  return (await forms.get(formId))?.schema;
}

async function view(submission: Submission, language: Language, history: boolean): Promise<AdminOrder> {
  return toAdminOrder(submission, await schemaOf(submission.formId), language, { history });
}

async function views(list: Submission[], language: Language): Promise<AdminOrder[]> {
  return Promise.all(list.map((submission) => view(submission, language, false)));
}

function parseOrderUpdate(value: unknown): OrderUpdate | undefined {
  if (!isRecord(value)) return undefined;
  const { version, status, note, read, resend, contacted, undoContact, ...unknown } = value;
  if (Object.keys(unknown).length > 0 || !isVersion(version)) return undefined;
  // A contact, and its undo, are changes of their own: one history entry each, undone whole.
  if (contacted !== undefined || undoContact !== undefined) {
    if (Object.keys(value).length !== 2) return undefined;
    if (undoContact === true) return { undoContact, version };
    return (contactChannels as readonly unknown[]).includes(contacted) ? { contacted: contacted as StaffChange['contacted'], version } : undefined;
  }
  const change: StaffChange = {};
  if (status !== undefined) {
    if (!isStatus(status)) return undefined;
    change.status = status;
  }
  if (note !== undefined) {
    if (typeof note !== 'string' || note.length > maxNoteLength) return undefined;
    change.note = note.trim();
  }
  if (read !== undefined) {
    if (typeof read !== 'boolean') return undefined;
    change.read = read;
  }
  if (resend !== undefined) {
    const kinds = staffDeliveryKinds as readonly unknown[];
    if (!Array.isArray(resend) || resend.length === 0 || !resend.every((kind) => kinds.includes(kind))) return undefined;
    change.resend = resend as StaffChange['resend'];
  }
  return Object.keys(change).length > 0 ? { ...change, version } : undefined;
}

function parseBulkStatus(value: unknown): BulkStatusRequest | undefined {
  if (!isRecord(value) || !isStatus(value.status) || !Array.isArray(value.orders)) return undefined;
  const orders = value.orders;
  if (orders.length === 0 || orders.length > maxBulkOrders) return undefined;
  const valid = orders.every(
    (order) => isRecord(order) && typeof order.orderId === 'string' && orderIdPattern.test(order.orderId) && isVersion(order.version),
  );
  if (!valid) return undefined;
  const list = orders as BulkStatusRequest['orders'];
  if (new Set(list.map((order) => order.orderId)).size !== list.length) return undefined;
  return { status: value.status, orders: list.map(({ orderId, version }) => ({ orderId, version })) };
}

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function isStatus(value: unknown): value is SubmissionStatus {
  return (submissionStatuses as readonly unknown[]).includes(value);
}
