import { Logger } from '@aws-lambda-powertools/logger';
import type { MediaInUseError, MediaPage, MediaResponse, MediaUploadsResponse } from '../../../shared/admin-api';
import type { ApiError } from '../../../shared/api';
import { defaultUpload } from '../../../shared/forms/uploads';
import { languages, type Localized } from '../../../shared/languages';
import { imageSignatureLength, imageTypeOf } from '../../../shared/forms/image-type';
import { mediaIdOfKey, mediaPrefix, newMediaKey } from '../../forms/upload-keys';
import { maxFileNameLength, parseFileDescriptions, refuseFiles } from '../../forms/upload-request';
import { adminHandler, type AdminRequest } from '../../staff/admin-handler';
import { createCognitoClient, createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { decodeCursor, encodeCursor } from '../../lib/cursors';
import { errorResponse, isRecord, json, readJsonBody, type HttpResponse } from '../../lib/http';
import { allMedia, createMediaStore, mediaByCreated, type StoredMedia } from '../../media/media-store';
import { chosenPictures } from '../../../shared/content/model';
import { createContentStore } from '../../content/content-store';
import { createProductsStore } from '../../products/products-store';
import { createStaffDirectory } from '../../staff/staff-directory';
import { createUploadsBucket } from '../../lib/uploads-bucket';

/**
 * The picture library: presigned uploads (as the order forms' photos,
 * decision 7), registration once the file is in the bucket (its type and
 * size checked there, as s3rver checks nothing at upload), listing, the
 * alternative texts, and deletion, refused while a product or the
 * catalogue (its draft or its live pages) shows the picture.
 */

const maxBodyBytes = 16 * 1024;
const maxFilesPerRequest = 10;
const maxAltLength = 300;
const pageSize = 60;
const urlLifetimeSeconds = 5 * 60;
const mediaIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorScope = 'media';

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const media = createMediaStore(documents, config.mediaTable);
const products = createProductsStore(documents, config.productsTable, () => undefined);
const content = createContentStore(documents, config.contentTable);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'POST /api/admin/media/uploads': async ({ event, language }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const files = isRecord(body.value) ? parseFileDescriptions(body.value.files, maxFilesPerRequest) : undefined;
    if (!files) {
      return errorResponse(400, 'invalidMediaRequest', language, { maxFiles: maxFilesPerRequest, maxNameLength: maxFileNameLength });
    }
    const refusal = refuseFiles(files, 'files', { ...defaultUpload, maxItems: maxFilesPerRequest }, language);
    if (refusal) return refusal;

    const expiresAt = new Date(Date.now() + urlLifetimeSeconds * 1000).toISOString();
    const answer: MediaUploadsResponse = {
      uploads: await Promise.all(
        files.map(async ({ type, size }) => {
          const { mediaId, key } = newMediaKey(type);
          return {
            mediaId,
            uploadUrl: await bucket.presignPut(key, { contentType: type, size }, urlLifetimeSeconds),
            headers: { 'content-type': type },
            publicUrl: `${config.uploadsPublicUrl}${key}`,
            expiresAt,
          };
        }),
      ),
    };
    return json(201, answer);
  },

  'POST /api/admin/media': registerMedia,

  'GET /api/admin/media': async ({ event, language }) => {
    const cursor = event.queryStringParameters?.cursor;
    const start = cursor === undefined ? undefined : decodeCursor(cursorScope, cursor, cursorShape);
    if (cursor !== undefined && !start) return errorResponse(400, 'invalidCursor', language);
    const page = await media.page(pageSize, start);
    const answer: MediaPage = {
      items: page.items.map(publicItem),
      ...(page.next ? { nextCursor: encodeCursor(cursorScope, page.next) } : {}),
    };
    return json(200, answer);
  },

  'PATCH /api/admin/media/{mediaId}': async ({ event, language }) => {
    const mediaId = event.pathParameters?.mediaId ?? '';
    if (!mediaIdPattern.test(mediaId)) return errorResponse(404, 'mediaNotFound', language);
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const alt = isRecord(body.value) ? parseAlt(body.value.alt) : undefined;
    if (!alt || Object.keys(alt).length === 0) return errorResponse(400, 'invalidMediaRequest', language, { maxAltLength });
    const item = await media.updateAlt(mediaId, alt);
    if (!item) return errorResponse(404, 'mediaNotFound', language);
    const answer: MediaResponse = { item: publicItem(item) };
    return json(200, answer);
  },

  'DELETE /api/admin/media/{mediaId}': async ({ event, language }) => {
    const mediaId = event.pathParameters?.mediaId ?? '';
    const item = mediaIdPattern.test(mediaId) ? await media.get(mediaId) : undefined;
    if (!item) return errorResponse(404, 'mediaNotFound', language);
    const [users, draft, live] = await Promise.all([products.usingPicture(mediaId), content.draft(), content.live()]);
    // The catalogue's draft or its live pages: a publish would otherwise drop the photo without a word.
    const catalogue = [draft?.overrides, live?.overrides].some((overrides) => overrides !== undefined && chosenPictures(overrides).has(mediaId));
    if (users.length > 0 || catalogue) {
      return errorResponse(409, 'mediaInUse', language, {
        products: users.map(({ productId, name }) => ({ productId, name })),
        catalogue,
      } satisfies Omit<MediaInUseError, keyof ApiError>);
    }
    await media.delete(mediaId);
    // Registration only takes keys under media/; nothing else of the bucket is deleted here.
    if (item.key.startsWith(mediaPrefix)) await bucket.delete(item.key);
    return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
  },
});

const cursorShape = {
  names: ['mediaId', mediaByCreated.partitionKey.name, mediaByCreated.sortKey!.name],
  partition: { name: mediaByCreated.partitionKey.name, value: allMedia },
};

/** POST /api/admin/media: the uploaded file becomes a library picture once it is found, of an accepted type and size. */
async function registerMedia({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const value = isRecord(body.value) ? body.value : {};
  const { url, name } = value;
  const alt = value.alt === undefined ? {} : parseAlt(value.alt);
  // The upload's public address, or the picture's path on the site (as the library answers it).
  const key = typeof url !== 'string' ? '' : url.startsWith(config.uploadsPublicUrl) ? url.slice(config.uploadsPublicUrl.length) : url.startsWith('/') ? url.slice(1) : '';
  const mediaId = mediaIdOfKey(key);
  if (!mediaId || typeof name !== 'string' || name.trim() === '' || name.length > maxFileNameLength || !alt) {
    return errorResponse(400, 'invalidMediaRequest', language, { maxNameLength: maxFileNameLength, maxAltLength });
  }

  // A real picture by its first bytes, of the type it is served with (the one signed at upload).
  const object = await bucket.readStart(key, imageSignatureLength);
  const type = object && imageTypeOf(object.bytes);
  const servedType = object?.contentType?.split(';')[0]?.trim().toLowerCase();
  if (!object || !type || type !== servedType || object.size <= 0 || object.size > defaultUpload.maxBytes || !defaultUpload.accept.includes(type)) {
    return errorResponse(400, 'mediaNotUploaded', language);
  }
  const { created, media: item } = await media.create({
    mediaId,
    key,
    url: `/${key}`,
    contentType: type,
    size: object.size,
    name: name.trim(),
    alt: { ar: '', fr: '', en: '', ...alt },
    createdAt: new Date().toISOString(),
    createdBy: await staff.emailOf(caller.username).catch(() => caller.username),
  });
  const answer: MediaResponse = { item: publicItem(item) };
  return json(created ? 201 : 200, answer);
}

/** Alternative texts by language, each at most maxAltLength; undefined when malformed. */
function parseAlt(value: unknown): Partial<Localized> | undefined {
  if (!isRecord(value)) return undefined;
  const alt: Partial<Localized> = {};
  for (const [language, text] of Object.entries(value)) {
    if (!(languages as readonly string[]).includes(language) || typeof text !== 'string' || text.length > maxAltLength) {
      return undefined;
    }
    alt[language as keyof Localized] = text.trim();
  }
  return alt;
}

function publicItem({ key: _key, ...item }: StoredMedia) {
  return item;
}
