import { Logger } from '@aws-lambda-powertools/logger';
import type { ContentProblemAnswer, ContentResponse, PreviewResponse, PublishesResponse, PublishSummary } from '../../shared/admin-api';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { listAt } from '../../shared/catalogue/lists';
import { formTextEntries } from '../../shared/content/form-texts';
import type { ContentOverrides } from '../../shared/content/model';
import { siteTextEntries, type TextEntry } from '../../shared/content/texts';
import { problemMessage, validateOverrides, type ContentProblem, type ValidationContext } from '../../shared/content/validate';
import { isLanguage, type Language } from '../../shared/languages';
import { listFormIds, readDefinitions, readFormSchema } from '../../shared/forms/schema-files';
import type { FormSchema } from '../../shared/forms/form-schema';
import { adminHandler, type AdminRequest } from '../lib/admin-handler';
import { createCognitoClient, createDocumentClient, createDynamoDbClient, createS3Client } from '../lib/aws-clients';
import { loadConfig } from '../lib/config';
import { createContentStore, type StoredPublish } from '../lib/content-store';
import { errorResponse, isRecord, json, readJsonBody, type HttpResponse } from '../lib/http';
import { createMediaStore } from '../lib/media-store';
import { createStaffDirectory } from '../lib/staff-directory';
import { createUploadsBucket } from '../lib/uploads-bucket';
import { pictureReader } from '../publish-site/pictures';
import type * as Publisher from '../publish-site/publish';
import { loadSiteBuild, renderPreview, type SiteBuild } from '../publish-site/render-site';
import { createSiteFolder } from '../publish-site/site-folder';

/**
 * The site's content (docs/decisions/0016-published-content.md): the draft
 * staff edit (checked whole before it is kept), the publish that renders
 * every page with it and puts them live, every publish kept, and going back
 * to one.
 */

const maxBodyBytes = 256 * 1024;
const listedPublishes = 50;
const publishIdPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z~[0-9a-f]{6}$/;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const content = createContentStore(documents, config.contentTable);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);
const media = createMediaStore(documents, config.mediaTable);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const readPicture = pictureReader(media, bucket);

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

let siteBuild: Promise<SiteBuild> | undefined;

/**
 * The publisher renders with the web build and makes pictures with sharp: it
 * is loaded where publishing is set up (the local stack), and stays out of
 * this function's bundle otherwise.
 */
const publisherModule = new URL('../publish-site/publish.ts', import.meta.url).href;
const loadPublisher = () => import(/* @vite-ignore */ publisherModule) as Promise<typeof Publisher>;

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/content': async () => json(200, await contentAnswer()),

  'PUT /api/admin/content/draft': async ({ event, language, caller }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const problems = validateOverrides(body.value, await validationContext());
    if (problems.length > 0) {
      return errorResponse(400, 'invalidContent', language, { problems: answers(problems, language) });
    }
    await content.saveDraft({ overrides: body.value as ContentOverrides, savedAt: new Date().toISOString(), savedBy: await who(caller) });
    return json(200, await contentAnswer());
  },

  'POST /api/admin/content/publish': async (request) => {
    const draft = await content.draft();
    return publish(request, draft?.overrides ?? {});
  },

  'POST /api/admin/content/preview': async ({ event, language }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const { path, language: pageLanguage, draft } = isRecord(body.value) ? body.value : {};
    const problems = validateOverrides(draft, await validationContext());
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 300 || !isLanguage(pageLanguage) || problems.length > 0) {
      return errorResponse(400, 'invalidContent', language, { problems: answers(problems, language) });
    }
    const { siteBuildDir } = config;
    if (!siteBuildDir) return errorResponse(503, 'publishUnavailable', language);
    const answer: PreviewResponse = { html: await renderPreview(await loadBuild(siteBuildDir), path, draft as ContentOverrides, pageLanguage) };
    return json(200, answer);
  },

  'GET /api/admin/content/publishes': async () => {
    const answer: PublishesResponse = { items: (await content.publishes(listedPublishes)).map(summary) };
    return json(200, answer);
  },

  'POST /api/admin/content/publishes/{publishId}/restore': async (request) => {
    const publishId = request.event.pathParameters?.publishId ?? '';
    const earlier = publishIdPattern.test(publishId) ? await content.publish(publishId) : undefined;
    if (!earlier) return errorResponse(404, 'publishNotFound', request.language);
    const answer = await publish(request, earlier.overrides, publishId);
    if (answer.statusCode === 200) {
      await content.saveDraft({ overrides: earlier.overrides, savedAt: new Date().toISOString(), savedBy: await who(request.caller) });
    }
    return answer;
  },
});

async function publish({ language, caller }: AdminRequest, overrides: ContentOverrides, restoredFrom?: string): Promise<HttpResponse> {
  const { siteBuildDir, siteDir } = config;
  if (!siteBuildDir || !siteDir) return errorResponse(503, 'publishUnavailable', language);
  const { publishSite } = await loadPublisher();
  const published = await publishSite({
    build: await loadBuild(siteBuildDir),
    buildDir: siteBuildDir,
    site: createSiteFolder(siteDir),
    store: content,
    overrides,
    readPicture,
    publishedBy: await who(caller),
    restoredFrom,
  });
  logger.info('Published the site', { publishId: published.publishId, pages: published.pages, durationMs: published.durationMs });
  return json(200, summary(published));
}

function loadBuild(siteBuildDir: string): Promise<SiteBuild> {
  siteBuild ??= loadSiteBuild(siteBuildDir);
  siteBuild.catch(() => (siteBuild = undefined));
  return siteBuild;
}

function answers(problems: ContentProblem[], language: Language): ContentProblemAnswer[] {
  return problems.map(({ path, code }) => ({ path, code, message: problemMessage(code, language) }));
}

async function contentAnswer(): Promise<ContentResponse> {
  const [draft, live, forms] = await Promise.all([content.draft(), content.live(), formTextList()]);
  return {
    draft: draft?.overrides ?? {},
    formTexts: forms,
    ...(draft && { savedAt: draft.savedAt, savedBy: draft.savedBy }),
    ...(live && { live: summary(live) }),
  };
}

function summary({ overrides: _overrides, ...publish }: StoredPublish): PublishSummary {
  return publish;
}

function who(caller: AdminRequest['caller']): Promise<string> {
  return staff.emailOf(caller.username).catch(() => caller.username);
}
