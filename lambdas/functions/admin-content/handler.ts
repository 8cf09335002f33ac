import { Logger } from '@aws-lambda-powertools/logger';
import { maxDraftPhotos, maxPublishNoteLength, shippedPublishId, type ContentProblemAnswer, type ContentResponse, type DraftPhotosRequest, type PreviewResponse, type PublishesResponse, type PublishRequest } from '../../../shared/admin-api';
import { defaultCatalogue } from '../../../shared/catalogue/defaults';
import { listAt, shapeOfList } from '../../../shared/catalogue/lists';
import { formTextEntries } from '../../../shared/content/form-texts';
import { sameContent, type ContentOverrides } from '../../../shared/content/model';
import { withPhotosChosen } from '../../../shared/content/photo-names';
import { siteTextEntries, type TextEntry } from '../../../shared/content/texts';
import { problemPlace } from '../../../shared/content/problem-place';
import { problemMessage, validateOverrides, withTypedNumbersRead, type ContentProblem, type ValidationContext } from '../../../shared/content/validate';
import { isLanguage, type Language } from '../../../shared/languages';
import { listFormIds, readDefinitions, readFormSchema } from '../../../shared/forms/schema-files';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { adminHandler, type AdminRequest } from '../../staff/admin-handler';
import { randomBytes } from 'node:crypto';
import { createCognitoClient, createDocumentClient, createDynamoDbClient, createLambdaClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { createContentStore, publishSummary, type StoredPublish } from '../../content/content-store';
import { errorResponse, isRecord, json, readJsonBody, type HttpResponse } from '../../lib/http';
import { createPublisher } from '../../content/publisher';
import { createStaffDirectory } from '../../staff/staff-directory';

/**
 * The site's content (docs/decisions/0016-published-content.md): the draft
 * staff edit (checked whole before it is kept), the publish that renders
 * every page with it and puts them live (run in the background by the
 * site's publisher, lambdas/functions/publish-site, whose progress staff follow),
 * every publish kept, and going back to one.
 */

const maxBodyBytes = 256 * 1024;
const listedPublishes = 50;
const publishIdPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z~[0-9a-f]{6}$/;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const content = createContentStore(documents, config.contentTable);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);
const publisher = config.publisherFunction ? createPublisher(createLambdaClient(config), config.publisherFunction) : undefined;

let formTexts: Promise<TextEntry[]> | undefined;
/** The order forms' texts, from their schemas, read once per container. */
function formTextList(): Promise<TextEntry[]> {
  formTexts ??= (async () => {
    const dir = config.formSchemasDir;
    const schemas: Record<string, FormSchema> = {};
    for (const formId of await listFormIds(dir)) {
      const schema = await readFormSchema(dir, formId);
      if (schema) schemas[formId] = schema;
    }
    return formTextEntries(schemas, await readDefinitions(dir));
  })();
  formTexts.catch(() => (formTexts = undefined));
  return formTexts;
}

/** Every text key staff may translate, the forms' included, and the catalogue's default entries. */
async function validationContext(): Promise<ValidationContext> {
  const entries = [...siteTextEntries(), ...(await formTextList())];
  return {
    textKeys: new Set(entries.map((entry) => entry.key)),
    defaultIds: (path) => listAt(defaultCatalogue, path)?.map((entry) => entry.id),
  };
}

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/content': async () => json(200, await contentAnswer()),

  'PUT /api/admin/content/draft': async ({ event, language, caller }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    // The draft the edits began from (`?basedOn=<savedAt>`, `none` before the first save): a colleague's save since is not overwritten.
    const basedOn = event.queryStringParameters?.basedOn;
    const saved = await saveDraft(body.value, basedOn === undefined ? undefined : basedOn === 'none' ? null : basedOn, caller, language);
    return saved ?? json(200, await contentAnswer());
  },

  'POST /api/admin/content/draft/photos': async ({ event, language, caller }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const photos = photosChosen(body.value);
    if (!photos) return errorResponse(400, 'invalidContent', language, { problems: await answers([{ path: 'photos', code: 'invalid' }], language, {}) });
    // Laid over the draft as saved now; a colleague's save between the read and the write: read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const draft = await content.draft();
      const refused = await saveDraft(withPhotosChosen(draft?.overrides ?? {}, photos), draft?.savedAt ?? null, caller, language);
      if (refused?.statusCode !== 409) return refused ?? json(200, await contentAnswer());
    }
    return errorResponse(409, 'draftChanged', language);
  },

  'POST /api/admin/content/publish': async (request) => {
    const body = await publishRequest(request);
    if (!body.ok) return body.response;
    const { draft: onScreen, basedOn, note } = body.value;
    const running = await content.running();
    if (running) return errorResponse(409, 'publishRunning', request.language, { running: publishSummary(running) });
    // "Save and publish": the content on screen is saved first, so what is published is what staff see.
    if (onScreen !== undefined) {
      const refused = await saveDraft(onScreen, basedOn, request.caller, request.language);
      if (refused) return refused;
    }
    const draft = await content.draft();
    if (onScreen === undefined && basedOn !== undefined && (draft?.savedAt ?? null) !== basedOn) {
      return errorResponse(409, 'draftChangedBeforePublish', request.language);
    }
    return publish(request, draft?.overrides ?? {}, { note });
  },

  'POST /api/admin/content/preview': async ({ event, language }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const { path, language: pageLanguage, draft: typed } = isRecord(body.value) ? body.value : {};
    const draft = withTypedNumbersRead(typed);
    const problems = validateOverrides(draft, await validationContext());
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 300 || !isLanguage(pageLanguage) || problems.length > 0) {
      return errorResponse(400, 'invalidContent', language, { problems: await answers(problems, language, draft) });
    }
    if (!publisher) return errorResponse(503, 'publishUnavailable', language);
    const published = (await content.live())?.overrides ?? {};
    const answer: PreviewResponse = await publisher.preview({ path, language: pageLanguage, draft: draft as ContentOverrides }, published);
    return json(200, answer);
  },

  'GET /api/admin/content/publishes': async () => {
    const answer: PublishesResponse = { items: (await content.publishes(listedPublishes)).map(publishSummary) };
    return json(200, answer);
  },

  'GET /api/admin/content/publishes/{publishId}': async ({ event, language }) => {
    const found = await publishNamed(event.pathParameters?.publishId);
    return found ? json(200, publishSummary(found)) : errorResponse(404, 'publishNotFound', language);
  },

  'POST /api/admin/content/publishes/{publishId}/restore': async (request) => {
    const body = await publishRequest(request);
    if (!body.ok) return body.response;
    const earlier = await publishNamed(request.event.pathParameters?.publishId);
    if (earlier?.state !== 'done') return errorResponse(404, 'publishNotFound', request.language);
    const answer = await publish(request, earlier.overrides, { restoredFrom: earlier.publishId, note: body.value.note });
    // Going back makes that content the draft again, to go on from.
    if (answer.statusCode === 202) {
      await content.saveDraft({ overrides: earlier.overrides, savedAt: new Date().toISOString(), savedBy: await who(request.caller) });
    }
    return answer;
  },
});

function publishNamed(publishId: string | undefined) {
  const known = publishId !== undefined && (publishIdPattern.test(publishId) || publishId === shippedPublishId);
  return known ? content.publish(publishId) : Promise.resolve(undefined);
}

/**
 * Checks content staff send (prices typed as text read as numbers first) and
 * saves it as the draft over the one saved at `basedOn`; undefined once
 * saved, else the refusal: 400 with every problem, 409 when a colleague saved since.
 */
async function saveDraft(value: unknown, basedOn: string | null | undefined, caller: AdminRequest['caller'], language: Language): Promise<HttpResponse | undefined> {
  const overrides = withTypedNumbersRead(value);
  const problems = validateOverrides(overrides, await validationContext());
  if (problems.length > 0) return errorResponse(400, 'invalidContent', language, { problems: await answers(problems, language, overrides) });
  const saved = await content.saveDraft({ overrides: overrides as ContentOverrides, savedAt: new Date().toISOString(), savedBy: await who(caller) }, basedOn);
  return saved ? undefined : errorResponse(409, 'draftChanged', language);
}

/** The photos of a {@link DraftPhotosRequest}, each for an entry of a list of the catalogue; undefined when the body is not one. */
function photosChosen(value: unknown): DraftPhotosRequest['photos'] | undefined {
  const photos = isRecord(value) ? value.photos : undefined;
  if (!Array.isArray(photos) || photos.length === 0 || photos.length > maxDraftPhotos) return undefined;
  const valid = photos.every((photo: unknown) => {
    if (!isRecord(photo) || typeof photo.entry !== 'string' || typeof photo.mediaId !== 'string') return false;
    const [list = '', id, ...rest] = photo.entry.split('#');
    return shapeOfList(list) !== undefined && id !== undefined && id !== '' && rest.length === 0;
  });
  return valid ? photos.map(({ entry, mediaId }: { entry: string; mediaId: string }) => ({ entry, mediaId })) : undefined;
}

/** The optional body of a publish or a restore ({@link PublishRequest}); no body is an empty one. */
async function publishRequest({ event, language }: AdminRequest): Promise<{ ok: true; value: PublishRequest } | { ok: false; response: HttpResponse }> {
  if (!event.body) return { ok: true, value: {} };
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body;
  const { draft, basedOn, note } = isRecord(body.value) ? body.value : {};
  const problems: ContentProblem[] = [];
  if (!isRecord(body.value)) problems.push({ path: '', code: 'invalid' });
  if (basedOn !== undefined && basedOn !== null && typeof basedOn !== 'string') problems.push({ path: 'basedOn', code: 'invalid' });
  if (note !== undefined && typeof note !== 'string') problems.push({ path: 'note', code: 'invalid' });
  else if (typeof note === 'string' && note.trim().length > maxPublishNoteLength) problems.push({ path: 'note', code: 'tooLong' });
  if (problems.length > 0) return { ok: false, response: errorResponse(400, 'invalidContent', language, { problems: await answers(problems, language, {}) }) };
  const written = typeof note === 'string' && note.trim() !== '' ? note.trim() : undefined;
  return { ok: true, value: { ...(draft !== undefined && { draft: draft as ContentOverrides }), ...(basedOn !== undefined && { basedOn: basedOn as string | null }), ...(written && { note: written }) } };
}

/** Records the publish as running and starts the publisher on it: 202 with it, to follow. */
async function publish(
  { language, caller }: AdminRequest,
  overrides: ContentOverrides,
  { restoredFrom, note }: { restoredFrom?: string; note?: string },
): Promise<HttpResponse> {
  if (!publisher) return errorResponse(503, 'publishUnavailable', language);
  const publishedAt = new Date().toISOString();
  const running: StoredPublish = {
    publishId: `${publishedAt}~${randomBytes(3).toString('hex')}`,
    publishedAt,
    publishedBy: await who(caller),
    state: 'running',
    overrides,
    ...(restoredFrom && { restoredFrom }),
    ...(note && { note }),
  };
  const started = await content.startPublish(running);
  if (!started.started) return errorResponse(409, 'publishRunning', language, { running: publishSummary(started.running) });
  try {
    await publisher.start(running.publishId);
  } catch (error) {
    logger.error('The publisher could not be started', { error, publishId: running.publishId });
    await content.updatePublish(running.publishId, { state: 'failed', failure: 'The publisher could not be started' });
    return errorResponse(503, 'publishNotStarted', language);
  }
  logger.info('Publish started', { publishId: running.publishId, restoredFrom });
  return json(202, publishSummary(running));
}

/** Each problem with its message and its place, in the staff's language. */
async function answers(problems: ContentProblem[], language: Language, content: unknown): Promise<ContentProblemAnswer[]> {
  const texts = [...siteTextEntries(), ...(await formTextList())];
  return problems.map(({ path, code }) => ({ path, code, message: problemMessage(code, language), place: problemPlace(path, content, language, texts) }));
}

async function contentAnswer(): Promise<ContentResponse> {
  const [draft, live, forms] = await Promise.all([content.draft(), content.live(), formTextList()]);
  return {
    draft: draft?.overrides ?? {},
    draftIsLive: sameContent(draft?.overrides ?? {}, live?.overrides ?? {}),
    published: live?.overrides ?? {},
    formTexts: forms,
    ...(draft && { savedAt: draft.savedAt, savedBy: draft.savedBy }),
    ...(live && { live: publishSummary(live) }),
  };
}

function who(caller: AdminRequest['caller']): Promise<string> {
  return staff.emailOf(caller.username).catch(() => caller.username);
}
