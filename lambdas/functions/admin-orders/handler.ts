import { Logger } from '@aws-lambda-powertools/logger';
import type {
  AdminOrder,
  BulkStatusRequest,
  BulkStatusResponse,
  NewNote,
  OrderCounts,
  OrderPage,
  OrderStats,
  OrderUpdate,
  ReplyTemplatesResponse,
  OrderLabelsResponse,
  StaffListResponse,
} from '../../../shared/admin-api';
import { maxLabelLength, maxLabels, maxNoteLength } from '../../../shared/admin-api';
import { defaultDealer } from '../../../shared/content/dealer';
import { openingHoursOf, waitingSince, type OpeningHours } from '../../../shared/content/opening-hours';
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
import { createStaffDirectory, withMine } from '../../staff/staff-directory';
import { createSubmissionsStore } from '../../submissions/submissions-store';
import { createOrderFinder, parseOrderQuery, type OrderQuery } from '../../submissions/find-orders';
import { chooseColumns, viewColumns } from '../../submissions/inbox-columns';
import { createSortSources, maxSortedMatches, parseSort, planSort } from '../../submissions/inbox-sort';
import { orderFigures, ordersSince, statsFrom } from '../../submissions/order-stats';
import { planInboxQuery } from '../../submissions/inbox-query';
import { createReplyTemplatesStore } from '../../submissions/reply-templates-store';
import { createOrderSearchIndex, searchedOrder } from '../../submissions/search-index';
import { textTerms } from '../../submissions/search-words';
import { toAdminOrder } from '../../submissions/order-view';
import { deletionOf, orderIdPattern } from '../../submissions/record';
import { controlCharacters, isLabel } from '../../submissions/inbox-query';
import { createOrderLabelsStore } from '../../submissions/order-labels-store';

/**
 * The orders inbox (shared/admin-api.ts): pages of submissions, one order
 * with its history, staff changes made on the version seen (409 otherwise),
 * one status for several orders, and the counts for the badges.
 */

const maxBodyBytes = 16 * 1024;
const defaultPageSize = 50;
const maxPageSize = 100;
const maxBulkOrders = 25;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const forms = createFormRegistry(config.formSchemasDir);
const documents = createDocumentClient(createDynamoDbClient(config));
const inbox = createInboxStore(documents, config.submissionsTable);
const submissions = createSubmissionsStore(documents, config.submissionsTable);
const searchIndex = createOrderSearchIndex(documents, config, schemaOf);
const finder = createOrderFinder(inbox, searchIndex, [], schemaOf);
const sortSources = createSortSources(config.formSchemasDir, schemaOf);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);
const content = createContentStore(documents, config.contentTable);
const replyTemplates = createReplyTemplatesStore(documents, config.contentTable);
const orderLabels = createOrderLabelsStore(documents, config.contentTable);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/orders': listOrders,
  'GET /api/admin/orders/counts': async () => {
    const [newOrders, { undelivered }, needsStaff, waiting] = await Promise.all([
      inbox.count('inbox', 'new'),
      submissions.undelivered(),
      submissions.needingStaff(),
      countWaiting(),
    ]);
    const counts: OrderCounts = { new: newOrders, undelivered, needsStaff, waiting, waitingAfterMinutes: config.orderWaitingMinutes };
    return json(200, counts);
  },
  'GET /api/admin/orders/stats': orderStats,
  'GET /api/admin/orders/{orderId}': async ({ event, language }) => {
    const orderId = event.pathParameters?.orderId ?? '';
    const submission = orderIdPattern.test(orderId) ? await submissions.get(orderId) : undefined;
    if (!submission) return errorResponse(404, 'orderNotFound', language);
    const deleted = deletionOf(submission);
    if (deleted) return errorResponse(410, 'orderDeleted', language, { deleted });
    return json(200, { order: await view(submission, language, true) });
  },
  'PATCH /api/admin/orders/{orderId}': updateOrder,
  'POST /api/admin/orders/{orderId}/notes': addNote,
  'GET /api/admin/orders/staff': listStaff,
  'GET /api/admin/orders/labels': async () => json(200, { labels: await orderLabels.used() } satisfies OrderLabelsResponse),
  'POST /api/admin/orders/status': updateStatuses,
  'GET /api/admin/orders/reply-templates': async () => json(200, await replyTemplatesAnswer()),
  'PUT /api/admin/orders/reply-templates': saveReplyTemplates,
});

async function listOrders({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const parameters = await withMine(event.queryStringParameters ?? {}, () => whoIs(caller.username));
  // Waiting orders are new ones sent before a time that moves on: the cursor is bound to `waiting`, the time applied per page.
  const { waiting } = parameters;
  if (waiting !== undefined && (waiting !== 'true' || (parameters.status ?? 'new') !== 'new')) {
    return errorResponse(400, 'invalidOrderFilter', language, { parameter: 'waiting' });
  }
  const parsed = parseOrderQuery(waiting ? { ...parameters, status: 'new' } : parameters);
  if (!parsed.ok) return errorResponse(400, parsed.code, language, parsed.details);
  const limit = parameters.limit === undefined ? defaultPageSize : Number(parameters.limit);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxPageSize) {
    return errorResponse(400, 'invalidOrderFilter', language, { parameter: 'limit' });
  }
  const sort = parseSort(parameters.sort);
  if (!sort) return errorResponse(400, 'invalidSort', language, { parameter: 'sort' });
  const { filter } = parsed.query;
  const columns = chooseColumns(viewColumns(filter.form ? await schemaOf(filter.form) : undefined, language), parameters.columns);
  if (!columns.ok) return errorResponse(400, 'unknownColumn', language, { parameter: 'columns', column: columns.column });
  const plan = await planSort(sort, filter, language, sortSources);
  const query: OrderQuery = plan ? { ...parsed.query, sort: plan } : parsed.query;
  const start = parameters.cursor === undefined ? undefined : finder.startKey(query, parameters.cursor);
  if (parameters.cursor !== undefined && !start) return errorResponse(400, 'invalidCursor', language);

  const pageQuery = waiting ? sentBefore(query, await waitingCutoff()) : query;
  const page = pageQuery ? await finder.page(pageQuery, limit, start) : { submissions: [] };
  if ('tooManyToSort' in page && page.tooManyToSort) return errorResponse(400, 'tooManyToSort', language, { parameter: 'sort', maxOrders: maxSortedMatches });
  const answer: OrderPage = {
    orders: await views(page.submissions, language),
    columns: columns.columns,
    ...(page.next ? { nextCursor: finder.cursor(query, page.next) } : {}),
  };
  return json(200, answer);
}

async function updateOrder({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const orderId = event.pathParameters?.orderId ?? '';
  if (!orderIdPattern.test(orderId)) return errorResponse(404, 'orderNotFound', language);
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const update = parseOrderUpdate(body.value);
  if (!update) return errorResponse(400, 'invalidOrderUpdate', language);

  const { version, ...change } = update;
  if (change.assignee && !(await staff.members()).includes(change.assignee)) {
    return errorResponse(400, 'unknownStaff', language, { assignee: change.assignee });
  }
  if (change.labels) {
    const labels = [...new Set(change.labels.map((label) => label.trim()))];
    if (labels.length > maxLabels || !labels.every(isLabel)) return errorResponse(400, 'invalidLabels', language, { maxLabels, maxLabelLength });
    change.labels = labels;
  }
  const outcome = await inbox.update(orderId, change, version, await whoIs(caller.username), new Date().toISOString());
  if (outcome.outcome === 'updated' && change.labels) await orderLabels.remember(change.labels);
  return updateAnswer(outcome, language);
}

async function listStaff(): Promise<HttpResponse> {
  const answer: StaffListResponse = { staff: (await staff.members()).map((email) => ({ email })) };
  return json(200, answer);
}

async function addNote({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const orderId = event.pathParameters?.orderId ?? '';
  if (!orderIdPattern.test(orderId)) return errorResponse(404, 'orderNotFound', language);
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const text = parseNote(body.value);
  if (text === undefined) return errorResponse(400, 'invalidNote', language, { maxLength: maxNoteLength });

  const submission = await inbox.addNote(orderId, { at: new Date().toISOString(), by: await whoIs(caller.username), text });
  if (!submission) return errorResponse(404, 'orderNotFound', language);
  // A note is searched: its words lead to the order.
  await searchIndex.add(searchedOrder(submission, await schemaOf(submission.formId)), textTerms(text));
  return json(201, { order: await view(submission, language, true) });
}

function parseNote(value: unknown): string | undefined {
  if (!isRecord(value) || Object.keys(value).length !== 1) return undefined;
  const { text } = value as Partial<NewNote>;
  if (typeof text !== 'string' || text.length > maxNoteLength || controlCharacters.test(text)) return undefined;
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The query, for orders sent before `cutoff` too; undefined when no order can be (no cutoff, or one before the range). */
function sentBefore(query: OrderQuery, cutoff: string | undefined): OrderQuery | undefined {
  if (cutoff === undefined) return undefined;
  const to = query.filter.to !== undefined && query.filter.to < cutoff ? query.filter.to : cutoff;
  if (query.filter.from !== undefined && query.filter.from >= to) return undefined;
  return { ...query, filter: { ...query.filter, to } };
}

/** The dashboard's figures: the inbox's orders of the last 30 days (and of last week), one Query of the list's date index. */
async function orderStats({ language }: AdminRequest): Promise<HttpResponse> {
  const now = Date.now();
  const [orders, hours] = await Promise.all([ordersSince(inbox, statsFrom(now)), dealerOpeningHours()]);
  const figures = orderFigures(orders, now, hours);
  const schemas = new Map(await Promise.all(figures.perDay.map(async ({ formId }) => [formId, await schemaOf(formId)] as const)));
  const wilayaLabels = [...schemas.values()].find((schema) => schema?.$defs?.wilaya)?.$defs?.wilaya?.['x-enumLabels'] as
    | Record<string, Localized>
    | undefined;
  const answer: OrderStats = {
    days: figures.days,
    forms: figures.perDay.map(({ formId, counts }) => ({ formId, title: schemas.get(formId)?.['x-title']?.[language] ?? formId, counts })),
    wilayas: figures.wilayas.map(({ wilaya, count }) => ({ wilaya, label: wilayaLabels?.[wilaya]?.[language] ?? wilaya, count })),
    outcomes: figures.outcomes,
    responseTimes: { thisWeek: figures.thisWeek, lastWeek: figures.lastWeek },
  };
  return json(200, answer);
}

/** How long the dealer's opening hours are kept before the live content is read again. */
const openingHoursTtlMs = 5 * 60_000;
let openingHours: { hours: OpeningHours; readAt: number } | undefined;

/** The dealer's opening hours as the live site tells them (or the default hours). */
async function dealerOpeningHours(): Promise<OpeningHours> {
  if (openingHours && Date.now() - openingHours.readAt < openingHoursTtlMs) return openingHours.hours;
  const live = await content.live();
  const hours = openingHoursOf(resolveDealer(defaultDealer, live?.overrides.dealer).openingHours);
  openingHours = { hours, readAt: Date.now() };
  return hours;
}

/** A new order sent before this instant has waited too long (undefined: the hours have no open day). */
async function waitingCutoff(): Promise<string | undefined> {
  const since = waitingSince(Date.now(), config.orderWaitingMinutes, await dealerOpeningHours());
  return since === undefined ? undefined : new Date(since).toISOString();
}

/** New inbox orders sent before the cutoff, as `?waiting=true` lists them (archived ones left out): a Query of the status index up to that time. */
async function countWaiting(): Promise<number> {
  const cutoff = await waitingCutoff();
  if (cutoff === undefined) return 0;
  let count = 0;
  const waiting = planInboxQuery({ list: 'inbox', status: 'new', to: cutoff, archived: false });
  for await (const items of inbox.all(waiting, ['orderId'])) count += items.length;
  return count;
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
  const [order, cutoff] = await Promise.all([toAdminOrder(submission, await schemaOf(submission.formId), language, { history }), waitingCutoff()]);
  const waiting = order.list === 'inbox' && order.status === 'new' && !order.archived && cutoff !== undefined && order.createdAt < cutoff;
  return waiting ? { ...order, waiting: true } : order;
}

async function views(list: Submission[], language: Language): Promise<AdminOrder[]> {
  return Promise.all(list.map((submission) => view(submission, language, false)));
}

function parseOrderUpdate(value: unknown): OrderUpdate | undefined {
  if (!isRecord(value)) return undefined;
  const { version, status, read, assignee, archived, labels, resend, contacted, undoContact, ...unknown } = value;
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
  if (read !== undefined) {
    if (typeof read !== 'boolean') return undefined;
    change.read = read;
  }
  if (assignee !== undefined) {
    if (typeof assignee !== 'string' || assignee.length > 254) return undefined;
    change.assignee = assignee;
  }
  if (archived !== undefined) {
    if (typeof archived !== 'boolean') return undefined;
    change.archived = archived;
  }
  if (labels !== undefined) {
    if (!Array.isArray(labels) || labels.length > 100 || !labels.every((label) => typeof label === 'string')) return undefined;
    change.labels = labels as string[];
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
