import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import type { PublishProgress, PublishSummary } from '../../../shared/admin-api';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { ConfigError, loadConfig } from '../../lib/config';
import { createContentStore, publishSummary } from '../../content/content-store';
import { createMediaStore } from '../../media/media-store';
import type { PreviewAnswer, PublisherEvent, RenderAnswer } from '../../content/publisher';
import { createUploadsBucket } from '../../lib/uploads-bucket';
import { pictureReader } from '../../content/pictures';
import { publishSite, renderAgain } from '../../content/publish';
import { loadSiteBuild, renderPreview, type SiteBuild } from '../../content/render-site';
import { siteFolderFor } from '../../content/site-storage';

/**
 * The site's publisher (docs/decisions/0016-published-content.md), a
 * function of its own: it carries the web build (its page renderer) and
 * makes pictures with sharp. Asked by the admin's content handler
 * (lambdas/content/publisher.ts) to run a publish in the background, reporting
 * how far it has gone in the content table, or to render one page with a
 * draft; and, by a deploy (AWS) or `npm start` (locally), to render the live
 * content again with the new build.
 */

const config = loadConfig();
if (!config.siteBuildDir) throw new ConfigError(['SITE_BUILD_DIR is not set (the web build the publisher renders the pages with)']);
const siteBuildDir = config.siteBuildDir;
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const content = createContentStore(documents, config.contentTable);
const readPicture = pictureReader(createMediaStore(documents, config.mediaTable), createUploadsBucket(createS3Client(config), config.uploadsBucket));
const site = siteFolderFor(config);

/** How often a running publish records its progress, at most (staff's page asks about as often). */
const reportEveryMs = 1_000;

let siteBuild: Promise<SiteBuild> | undefined;
function loadBuild(): Promise<SiteBuild> {
  siteBuild ??= loadSiteBuild(siteBuildDir);
  siteBuild.catch(() => (siteBuild = undefined));
  return siteBuild;
}

export async function handler(
  event: PublisherEvent,
  context?: Context,
): Promise<PublishSummary | PreviewAnswer | RenderAnswer | undefined> {
  if (context) logger.addContext(context);
  if ('publishId' in event && typeof event.publishId === 'string') return runPublish(event.publishId);
  if ('preview' in event && event.preview) {
    const { path, language, overrides, published } = event.preview;
    return renderPreview(await loadBuild(), path, overrides, language, published);
  }
  const live = await content.live();
  const rendered = await renderAgain({ build: await loadBuild(), site, readPicture, live });
  logger.info('Rendered the live content with this build', { publishId: live?.publishId ?? null, ...rendered });
  return rendered;
}

/** Runs a publish recorded as running; its outcome, done or failed, is recorded whatever happens. */
async function runPublish(publishId: string): Promise<PublishSummary | undefined> {
  const publish = await content.publish(publishId);
  if (publish?.state !== 'running') {
    logger.warn('Asked to run a publish that is not running', { publishId, state: publish?.state ?? null });
    return publish && publishSummary(publish);
  }
  let reportedAt = 0;
  const report = async (progress: PublishProgress) => {
    if (Date.now() - reportedAt < reportEveryMs && progress.done < progress.total) return;
    reportedAt = Date.now();
    await content.updatePublish(publishId, { progress });
  };
  try {
    const done = await publishSite({ build: await loadBuild(), buildDir: siteBuildDir, site, store: content, publish, readPicture, report });
    logger.info('Published the site', { publishId, pages: done.pages, durationMs: done.durationMs, ...done.work });
    return publishSummary(done);
  } catch (error) {
    logger.error('The publish failed; the live site is as it was', { publishId, error });
    const failure = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error';
    await content.updatePublish(publishId, { state: 'failed', failure });
    return publishSummary({ ...publish, state: 'failed', failure });
  }
}
