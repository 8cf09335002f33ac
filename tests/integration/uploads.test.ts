import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { photoContentSecurityPolicy } from '../../infra/photos';
import { createLocalS3Client } from '../../infra/local/s3';
import { localRegion, type LocalStack } from '../../infra/local/stack';
import { message } from '../../lambdas/lib/messages';
import { setS3Failure } from '../support/faults';
import { dealerNoteForm, fixtureImages, photoRequestForm, writeFormSchemas } from '../support/fixture-forms';
import { startTestStack } from '../support/local-stack';
import { exifMarker, gluedPage, imageOf, taintedJpeg } from '../support/tainted-photos';
import { deliveredRows, documentClient, expectNoRows, storedSubmission } from '../support/submissions';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * Photos end to end on the real local stack: POST /api/uploads presigns, the
 * browser PUTs straight to S3 (the local S3 checks the signed type and
 * length), the submission names the uploads, the API checks each one's bytes,
 * binds it to the order and keeps a photo made again from it under a key of
 * the order; the order and the sheet hold the kept photos, which open on the
 * site's own origin as images only. Runs on forms of its own
 * (tests/support/fixture-forms.ts).
 */

interface Upload {
  uploadUrl: string;
  headers: Record<string, string>;
  publicUrl: string;
  expiresAt: string;
}

type ImageName = keyof typeof fixtureImages;

const formId = photoRequestForm.$id;
let stack: LocalStack;
let dataDir: string;
let schemasDir: string;
let documents: DynamoDBDocumentClient;
let s3: S3Client;
const images = {} as Record<ImageName, Buffer>;

beforeAll(async () => {
  schemasDir = await makeTempDir('upload-forms');
  await writeFormSchemas(schemasDir, [photoRequestForm, dealerNoteForm]);
  ({ stack, dataDir } = await startTestStack({ formSchemasDir: schemasDir }));
  for (const name of Object.keys(fixtureImages) as ImageName[]) images[name] = await readFile(fixtureImages[name]);
  documents = documentClient(stack);
  s3 = createLocalS3Client(stack.endpoints.s3, localRegion);
});

afterAll(async () => {
  documents?.destroy();
  s3?.destroy();
  await stack?.stop();
  await Promise.all([removeTempDir(dataDir), removeTempDir(schemasDir)]);
});

function post(path: string, body: unknown, language = 'en', contentType = 'application/json') {
  return fetch(`${stack.siteUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'accept-language': language },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function presign(body: unknown, language = 'en') {
  return post('/api/uploads', body, language);
}

const file = (name: string, type: string, size: number) => ({ name, type, size });

/** One presigned upload for `size` bytes of `type` in a field of the photo form. */
async function presignOne(type: string, size: number, field = 'images'): Promise<Upload> {
  const response = await presign({ formId, field, files: [file(`photo.${type.split('/')[1]}`, type, size)] });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uploads: Upload[] }).uploads[0]!;
}

/** Presigns and uploads the bytes as the browser does; resolves with the URL a submission names it by. */
async function upload(bytes: Buffer, type: string, field = 'images'): Promise<string> {
  const target = await presignOne(type, bytes.byteLength, field);
  await putTo(target, bytes);
  return target.publicUrl;
}

async function putTo(target: Upload, bytes: Buffer): Promise<void> {
  const response = await fetch(target.uploadUrl, {
    method: 'PUT',
    headers: { ...target.headers, origin: stack.siteUrl },
    body: new Uint8Array(bytes),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe(stack.siteUrl);
}

/** An object put straight into the bucket, bypassing the API's presigned URLs. */
async function putDirectly(key: string, body: Buffer | string, contentType: string): Promise<string> {
  await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: key, Body: body, ContentType: contentType }));
  return `${stack.uploadsPublicUrl}${key}`;
}

/** Where an order keeps the n-th photo of a field. */
const keptUrl = (orderId: string, field: string, n: number, extension: string) =>
  `${stack.uploadsPublicUrl}photos/${orderId}/${field}-${n}.${extension}`;

/** The objects kept under an order's photos. */
async function keptObjects(orderId: string): Promise<string[]> {
  const listing = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucket, Prefix: `photos/${orderId.toLowerCase()}/` }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** Photo request data under a name no other test uses. */
function photoRequest(overrides: Record<string, unknown>) {
  return {
    partName: 'Filtre à huile',
    fullName: `Amina Kaci ${randomUUID().slice(0, 8)}`,
    wilaya: 'Oran',
    phone: '0661 23 45 67',
    ...overrides,
  };
}

async function submit(data: Record<string, unknown>, { language = 'en', form = formId, submissionId = randomUUID() as string } = {}) {
  return { submissionId, response: await post(`/api/forms/${form}/submissions`, { data, submissionId }, language) };
}

/**
 * A photo as the site serves it: the picture of the upload (same type and
 * size, made again), with the headers that make it an image and nothing
 * else. Resolves with the bytes served.
 */
async function expectServedPhoto(url: string, uploaded: Buffer, type: string): Promise<Buffer> {
  const photo = await fetch(url);
  expect(photo.status, url).toBe(200);
  expect(photo.headers.get('content-type')).toBe(type);
  expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
  expect(photo.headers.get('content-security-policy')).toBe(photoContentSecurityPolicy);
  expect(photo.headers.get('cache-control')).toContain('immutable');
  const served = Buffer.from(await photo.arrayBuffer());
  const { format, width, height } = await imageOf(uploaded);
  expect(await imageOf(served)).toEqual({ format, width, height, exif: undefined });
  const head = await fetch(url, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(String(served.byteLength));
  return served;
}

/** The status of a GET with the path sent exactly as written (fetch would resolve "%2e%2e"). */
function rawStatus(rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(stack.siteUrl);
    request({ host: hostname, port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('photos uploaded through presigned URLs', () => {
  test('reach S3 from the browser, are kept for the order at submission, and open on the site as images', async () => {
    const before = Date.now();
    const response = await presign({
      formId,
      field: 'images',
      files: [file('moteur.jpg', 'image/jpeg', images.jpeg.byteLength), file('plaque.png', 'image/png', images.png.byteLength)],
    });
    expect(response.status).toBe(201);
    const { uploads } = (await response.json()) as { uploads: Upload[] };
    expect(uploads).toHaveLength(2);

    const keys = uploads.map((target, i) => {
      const extension = ['jpg', 'png'][i];
      const key = new RegExp(`^uploads/${formId}/[0-9a-f-]{36}\\.${extension}$`);
      const publicKey = target.publicUrl.slice(stack.uploadsPublicUrl.length);
      expect(target.publicUrl.startsWith(stack.uploadsPublicUrl)).toBe(true);
      expect(publicKey).toMatch(key);
      const uploadUrl = new URL(target.uploadUrl);
      expect(target.uploadUrl.startsWith(`${stack.endpoints.s3}/${stack.bucket}/${publicKey}?`)).toBe(true);
      // S3 takes only this type and this exact length; the browser sets the length itself.
      expect(uploadUrl.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
      expect(target.headers).toEqual({ 'content-type': ['image/jpeg', 'image/png'][i] });
      const lifetime = Date.parse(target.expiresAt) - before;
      expect(lifetime).toBeGreaterThan(4.5 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 5_000);
      return publicKey;
    });
    expect(new Set(keys).size).toBe(2);

    // The browser asks first whether the site may PUT with a content type.
    const preflight = (origin: string) =>
      fetch(uploads[0]!.uploadUrl, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
    const fromSite = await preflight(stack.siteUrl);
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await preflight('http://elsewhere.example')).status).toBe(403);

    await putTo(uploads[0]!, images.jpeg);
    await putTo(uploads[1]!, images.png);
    const nameplate = await upload(images.png, 'image/png', 'nameplate');

    const data = photoRequest({ images: uploads.map((target) => target.publicUrl), nameplate: [nameplate] });
    const { submissionId, response: submitted } = await submit(data, { submissionId: randomUUID().toUpperCase() });
    expect(submitted.status).toBe(201);
    const { orderId, createdAt } = (await submitted.json()) as { orderId: string; createdAt: string };
    expect(orderId).toBe(submissionId.toLowerCase());

    const kept = [keptUrl(orderId, 'images', 1, 'jpg'), keptUrl(orderId, 'images', 2, 'png')];
    const keptNameplate = keptUrl(orderId, 'nameplate', 1, 'png');
    expect(await deliveredRows(stack, 'photo-requests', data.fullName)).toEqual([
      [data.fullName, data.phone, data.wilaya, createdAt, data.partName, `${kept[0]}, ${kept[1]}`, keptNameplate, orderId],
    ]);
    expect(await storedSubmission(documents, stack, submissionId)).toEqual(
      expect.objectContaining({ orderId, formId, data: expect.objectContaining({ images: kept, nameplate: [keptNameplate] }) }),
    );

    await expectServedPhoto(kept[0]!, images.jpeg, 'image/jpeg');
    await expectServedPhoto(kept[1]!, images.png, 'image/png');
    await expectServedPhoto(keptNameplate, images.png, 'image/png');
  });

  test('a real GIF and WebP are kept with the type their bytes show', async () => {
    const data = photoRequest({ images: [await upload(images.gif, 'image/gif'), await upload(images.webp, 'image/webp')] });
    const { response } = await submit(data);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const kept = [keptUrl(orderId, 'images', 1, 'gif'), keptUrl(orderId, 'images', 2, 'webp')];
    expect((await deliveredRows(stack, 'photo-requests', data.fullName))[0]![5]).toBe(kept.join(', '));
    await expectServedPhoto(kept[0]!, images.gif, 'image/gif');
    await expectServedPhoto(kept[1]!, images.webp, 'image/webp');
  });

  test('the kept photo stays as it was when its upload is replaced, even when the same submission is sent again', async () => {
    const target = await presignOne('image/jpeg', images.jpeg.byteLength);
    await putTo(target, images.jpeg);
    const data = photoRequest({ images: [target.publicUrl] });
    const { submissionId, response } = await submit(data);
    expect(response.status).toBe(201);
    const first = (await response.json()) as { orderId: string; createdAt: string };
    const kept = keptUrl(first.orderId, 'images', 1, 'jpg');
    const keptBytes = await expectServedPhoto(kept, images.jpeg, 'image/jpeg');

    // Replaced through its own URL (same length and type), then with anything at all.
    const sameLength = Buffer.concat([images.png, Buffer.alloc(images.jpeg.byteLength - images.png.byteLength)]);
    await putTo(target, sameLength);
    await putDirectly(target.publicUrl.slice(stack.uploadsPublicUrl.length), '<html><script>alert(1)</script></html>', 'text/html');

    const again = await submit(data, { submissionId });
    expect(again.response.status).toBe(201);
    expect(await again.response.json()).toEqual(first);
    expect(await expectServedPhoto(kept, images.jpeg, 'image/jpeg')).toEqual(keptBytes);
    expect(await deliveredRows(stack, 'photo-requests', data.fullName)).toHaveLength(1);
  });

  test('the kept photo is made again from the upload: its EXIF and a page glued after it are not served', async () => {
    const tainted = await taintedJpeg();
    const data = photoRequest({ images: [await upload(tainted, 'image/jpeg')] });
    const { response } = await submit(data);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const served = await expectServedPhoto(keptUrl(orderId, 'images', 1, 'jpg'), tainted, 'image/jpeg');
    expect(served.includes(exifMarker)).toBe(false);
    expect(served.includes(gluedPage)).toBe(false);
  });

  test('an upload belongs to one order: another order naming it is refused in the visitor\'s language, the first one\'s retry is not', async () => {
    const shared = await upload(images.jpeg, 'image/jpeg');
    const first = photoRequest({ images: [shared] });
    const { submissionId, response } = await submit(first);
    expect(response.status).toBe(201);
    const order = await response.json();

    const text = {
      fr: "Une des images a déjà été envoyée avec une autre commande. Veuillez l'ajouter à nouveau.",
      ar: 'إحدى الصور أُرسلت من قبل مع طلب آخر. يرجى إضافتها من جديد.',
    };
    for (const language of ['fr', 'ar'] as const) {
      const second = photoRequest({ images: [await upload(images.png, 'image/png'), shared] });
      const refused = await submit(second, { language });
      expect(refused.response.status).toBe(400);
      expect(await refused.response.json()).toEqual({
        error: text[language],
        code: 'imageInOtherOrder',
        fields: [{ field: 'images', keyword: 'image', message: text[language] }],
      });
      expect(await storedSubmission(documents, stack, refused.submissionId)).toBeUndefined();
      expect(await keptObjects(refused.submissionId)).toEqual([]);
      await expectNoRows(stack, 'photo-requests', second.fullName);
    }

    const again = await submit(first, { submissionId });
    expect(again.response.status).toBe(201);
    expect(await again.response.json()).toEqual(order);
    expect(await deliveredRows(stack, 'photo-requests', first.fullName)).toHaveLength(1);
  });

  test('an order refused for an upload another order holds leaves its own uploads free for its next try', async () => {
    const own = await upload(images.png, 'image/png');
    const taken = await upload(images.jpeg, 'image/jpeg');
    expect((await submit(photoRequest({ images: [taken] }))).response.status).toBe(201);
    expect((await submit(photoRequest({ images: [own, taken] }))).response.status).toBe(400);
    // The farmer picks the other photo again and sends: the first one was not kept for the refused order.
    const { response } = await submit(photoRequest({ images: [own, await upload(images.jpeg, 'image/jpeg')] }));
    expect(response.status).toBe(201);
  });

  test('the site serves only the kept photos, and never as a page', async () => {
    const uploaded = await upload(images.jpeg, 'image/jpeg');
    // The upload itself is not served: the site's files answer for that path (a 404 page, or 503 without a build).
    expect(uploaded).toMatch(/\/uploads\//);
    const original = await fetch(uploaded);
    expect(original.ok).toBe(false);
    expect(original.headers.get('content-type')).not.toMatch(/^image\//);
    expect((await fetch(keptUrl(randomUUID(), 'images', 1, 'jpg'))).status).toBe(404);

    const hidden = `private/${randomUUID()}.jpg`;
    await putDirectly(hidden, images.jpeg, 'image/jpeg');
    for (const path of [`/photos/%2e%2e/${hidden}`, `/photos/..%2f${hidden}`, `/photos/x/..%2F..%2F${hidden}`, '/photos/']) {
      expect(await rawStatus(path), path).toBe(404);
    }

    // Only the API writes under photos/, and only images; should anything else get there, it is a download.
    const page = await putDirectly(`photos/${randomUUID()}/images-1.jpg`, '<html><script>alert(1)</script></html>', 'text/html');
    const served = await fetch(page);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(photoContentSecurityPolicy);
    expect((await fetch(page, { method: 'DELETE' })).status).toBe(405);
  });
});

test('when S3 is down: 503 in the visitor\'s language, nothing stored or sent, and the same submission goes through after', async () => {
  const data = photoRequest({ images: [await upload(images.jpeg, 'image/jpeg')] });
  const submissionId = randomUUID();
  await setS3Failure(stack.endpoints.s3, { status: 503 });
  try {
    for (const language of ['fr', 'ar'] as const) {
      const refused = await submit(data, { submissionId, language });
      expect(refused.response.status).toBe(503);
      expect(await refused.response.json()).toEqual({ code: 'storeUnavailable', error: message('storeUnavailable', language) });
    }
  } finally {
    await setS3Failure(stack.endpoints.s3, undefined);
  }
  expect(await storedSubmission(documents, stack, submissionId)).toBeUndefined();
  await expectNoRows(stack, 'photo-requests', data.fullName);

  const retried = await submit(data, { submissionId, language: 'fr' });
  expect(retried.response.status).toBe(201);
  const kept = keptUrl(submissionId, 'images', 1, 'jpg');
  expect((await deliveredRows(stack, 'photo-requests', data.fullName))[0]![5]).toBe(kept);
  await expectServedPhoto(kept, images.jpeg, 'image/jpeg');
});

describe('POST /api/uploads refuses', () => {
  const jpeg = (name = 'photo.jpg', size = 1000) => file(name, 'image/jpeg', size);

  test.each([
    ['six files', { files: Array.from({ length: 6 }, (_, i) => jpeg(`p${i}.jpg`)) }, 'en', 'tooMany', 'At most 5 images are allowed'],
    ['six files (fr)', { files: Array.from({ length: 6 }, (_, i) => jpeg(`p${i}.jpg`)) }, 'fr', 'tooMany', 'Maximum 5 images autorisées'],
    ['no file', { files: [] }, 'en', 'tooMany', 'At most 5 images are allowed'],
    ['a file of 10485761 bytes', { files: [jpeg(), jpeg('big.jpg', 10485761)] }, 'en', 'tooLarge', 'File big.jpg is too large. Maximum size is 10MB.'],
    [
      'a file of 10485761 bytes (fr)',
      { files: [jpeg('big.jpg', 10485761)] },
      'fr',
      'tooLarge',
      'Le fichier big.jpg est trop volumineux. Taille maximale : 10 Mo.',
    ],
    ['an empty file', { files: [jpeg('empty.jpg', 0)] }, 'en', 'tooLarge', 'File empty.jpg is too large. Maximum size is 10MB.'],
    ['a fractional size', { files: [jpeg('half.jpg', 1.5)] }, 'en', 'tooLarge', 'File half.jpg is too large. Maximum size is 10MB.'],
    ['a text file', { files: [file('notes.txt', 'text/plain', 100)] }, 'en', 'notImage', 'File notes.txt is not a valid image.'],
    ['a text file (fr)', { files: [file('notes.txt', 'text/plain', 100)] }, 'fr', 'notImage', "Le fichier notes.txt n'est pas une image valide."],
    ['a GIF where only JPEG and PNG are accepted', { field: 'nameplate', files: [file('a.gif', 'image/gif', 100)] }, 'en', 'notImage', 'File a.gif is not a valid image.'],
  ])('%s', async (_case, overrides, language, code, error) => {
    const response = await presign({ formId, field: 'images', ...overrides }, language);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error, code });
  });

  test('an unknown form with 404', async () => {
    const response = await presign({ formId: 'spaceship-order', field: 'images', files: [jpeg()] }, 'fr');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'Formulaire introuvable', code: 'formNotFound' });
  });

  test.each(['fullName', 'wilaya', 'noSuchField'])('the field %s, which takes no photos', async (field) => {
    const response = await presign({ formId, field, files: [jpeg()] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'This field does not take photos', code: 'notImageField' });
  });

  test.each([
    ['without files', { formId, field: 'images' }],
    ['with a name of 256 characters', { formId, field: 'images', files: [jpeg(`${'x'.repeat(252)}.jpg`)] }],
    ['with 21 entries', { formId, field: 'images', files: Array.from({ length: 21 }, () => jpeg()) }],
    ['with a size given as text', { formId, field: 'images', files: [{ name: 'a.jpg', type: 'image/jpeg', size: '10' }] }],
    ['with a form id that is not text', { formId: 7, field: 'images', files: [jpeg()] }],
    ['that is a list', [{ formId, field: 'images', files: [jpeg()] }]],
  ])('a request %s', async (_case, body) => {
    const response = await presign(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalidUploadRequest' });
  });

  test('a body that is not JSON, not sent as JSON, or over 16 KB', async () => {
    const broken = await post('/api/uploads', '{"formId": ', 'en');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'invalidJson' });

    const text = await post('/api/uploads', JSON.stringify({ formId, field: 'images', files: [jpeg()] }), 'en', 'text/plain');
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: 'The request must be sent as JSON', code: 'notJson' });

    const large = await presign({ formId, field: 'images', files: [jpeg()], padding: 'x'.repeat(16 * 1024) });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: 'bodyTooLarge' });
  });
});

describe('a submission naming a photo the API did not hand out, or not as it was checked, answers 400 and keeps nothing', () => {
  const rejected = {
    en: 'One of the images is missing or invalid. Please add it again.',
    fr: "Une des images est introuvable ou invalide. Veuillez l'ajouter à nouveau.",
  };

  async function expectRejected(overrides: Record<string, unknown>, field: string, language: 'en' | 'fr' = 'en') {
    const data = photoRequest(overrides);
    const { submissionId, response } = await submit(data, { language });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: rejected[language],
      code: 'imageRejected',
      fields: [{ field, keyword: 'image', message: rejected[language] }],
    });
    expect(await storedSubmission(documents, stack, submissionId)).toBeUndefined();
    expect(await keptObjects(submissionId)).toEqual([]);
    await expectNoRows(stack, 'photo-requests', data.fullName);
  }

  test('a URL outside the uploads location', async () => {
    await expectRejected({ images: ['https://evil.example/x.jpg'] }, 'images', 'fr');
  });

  test('a photo stored under another form', async () => {
    const elsewhere = await putDirectly(`uploads/tractor-order/${randomUUID()}.jpg`, images.jpeg, 'image/jpeg');
    await expectRejected({ images: [await upload(images.jpeg, 'image/jpeg'), elsewhere] }, 'images');
  });

  test('a key that is not one the API makes, such as another order\'s kept photo', async () => {
    const key = `uploads/${formId}/my-photo.jpg`;
    await expectRejected({ images: [await putDirectly(key, images.jpeg, 'image/jpeg')] }, 'images');
    const valid = await upload(images.jpeg, 'image/jpeg');
    await expectRejected({ images: [`${valid}?version=2`] }, 'images');
    await expectRejected({ images: [valid.replace(`uploads/${formId}/`, `uploads/${formId}/../${formId}/`)] }, 'images');
    const kept = await putDirectly(`photos/${randomUUID()}/images-1.jpg`, images.jpeg, 'image/jpeg');
    await expectRejected({ images: [kept] }, 'images');
  });

  test('a well-formed URL whose object does not exist', async () => {
    await expectRejected({ images: [`${stack.uploadsPublicUrl}uploads/${formId}/${randomUUID()}.jpg`] }, 'images', 'fr');
  });

  test('a photo swapped after upload, through its own URL, for bytes of the same length that are no image', async () => {
    const target = await presignOne('image/jpeg', images.jpeg.byteLength);
    await putTo(target, images.jpeg);
    const page = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(images.jpeg.byteLength, ' '));
    await putTo(target, page);
    await expectRejected({ images: [target.publicUrl] }, 'images');
  });

  test('an upload labelled as a type the field takes whose bytes are of one it does not', async () => {
    // The nameplate takes JPEG and PNG only: a GIF sent as image/jpeg passes S3, not the check of its bytes.
    const disguised = await upload(images.gif, 'image/jpeg', 'nameplate');
    await expectRejected({ images: [await upload(images.jpeg, 'image/jpeg')], nameplate: [disguised] }, 'nameplate');
  });

  test('an object that is not an image, or larger than the field allows', async () => {
    const text = await putDirectly(`uploads/${formId}/${randomUUID()}.jpg`, 'not a photo', 'image/jpeg');
    await expectRejected({ images: [text] }, 'images');
    // The nameplate takes 2 KB at most (the fixture's x-upload.maxBytes).
    const large = Buffer.concat([images.jpeg, Buffer.alloc(2049 - images.jpeg.byteLength)]);
    const tooLarge = await putDirectly(`uploads/${formId}/${randomUUID()}.jpg`, large, 'image/jpeg');
    await expectRejected({ images: [await upload(images.jpeg, 'image/jpeg')], nameplate: [tooLarge] }, 'nameplate');
  });
});

test('a form without photos is stored and delivered like any other', async () => {
  const data = { fullName: `Yacine Haddad ${randomUUID().slice(0, 8)}`, phone: '0770 11 22 33', message: 'Rappelez-moi svp' };
  const { submissionId, response } = await submit(data, { form: dealerNoteForm.$id, language: 'fr' });
  expect(response.status).toBe(201);
  const { orderId, createdAt } = (await response.json()) as { orderId: string; createdAt: string };

  expect(await deliveredRows(stack, 'dealer-notes', data.fullName)).toEqual([[data.fullName, data.phone, createdAt, data.message, orderId]]);
  expect(await storedSubmission(documents, stack, submissionId)).toMatchObject({
    orderId,
    formId: dealerNoteForm.$id,
    list: 'inbox',
    createdAt,
    language: 'fr',
    data,
    row: [data.fullName, data.phone, createdAt, data.message],
    phoneKey: '770112233',
  });
});
