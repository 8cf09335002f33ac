import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { dealerNoteForm, fixtureImages, photoRequestForm, writeFormSchemas } from '../support/fixture-forms';
import { startTestStack } from '../support/local-stack';
import { deliveredRows, documentClient, expectNoRows, storedSubmission } from '../support/submissions';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * Photos end to end on the real local stack: POST /api/uploads presigns, the
 * browser PUTs straight to S3 (s3rver), the submission names the photos'
 * public URLs, the API checks each stored object, and the URLs open on the
 * site's own origin. Runs on forms of its own (tests/support/fixture-forms.ts).
 */

interface Upload {
  uploadUrl: string;
  headers: Record<string, string>;
  publicUrl: string;
  expiresAt: string;
}

const formId = photoRequestForm.$id;
let stack: LocalStack;
let dataDir: string;
let schemasDir: string;
let documents: DynamoDBDocumentClient;
let s3: S3Client;
const images = { jpeg: Buffer.alloc(0), png: Buffer.alloc(0) };

beforeAll(async () => {
  schemasDir = await makeTempDir('upload-forms');
  await writeFormSchemas(schemasDir, [photoRequestForm, dealerNoteForm]);
  ({ stack, dataDir } = await startTestStack({ formSchemasDir: schemasDir }));
  images.jpeg = await readFile(fixtureImages.jpeg);
  images.png = await readFile(fixtureImages.png);
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  documents = documentClient(stack);
  s3 = new S3Client({
    endpoint: stack.endpoints.s3,
    region: 'eu-west-3',
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
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

/** Presigns and uploads the bytes as the browser does; resolves with the photo's public URL. */
async function upload(bytes: Buffer, type: string, field = 'images'): Promise<string> {
  const response = await presign({ formId, field, files: [file(`photo.${type.split('/')[1]}`, type, bytes.byteLength)] });
  expect(response.status).toBe(201);
  const { uploads } = (await response.json()) as { uploads: Upload[] };
  await putTo(uploads[0]!, bytes);
  return uploads[0]!.publicUrl;
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

/** An object put straight into the bucket, bypassing the API's checks. */
async function putDirectly(key: string, body: Buffer | string, contentType: string): Promise<string> {
  await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: key, Body: body, ContentType: contentType }));
  return `${stack.uploadsPublicUrl}${key}`;
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

async function submit(data: Record<string, unknown>, { language = 'en', form = formId } = {}) {
  const submissionId = randomUUID();
  return { submissionId, response: await post(`/api/forms/${form}/submissions`, { data, submissionId }, language) };
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
  test('reach S3 from the browser, go into the sheet and the order as URLs, and open on the site', async () => {
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
      expect(target.uploadUrl.startsWith(`${stack.endpoints.s3}/${stack.bucket}/${publicKey}?`)).toBe(true);
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

    const urls = uploads.map((target) => target.publicUrl);
    const data = photoRequest({ images: urls, nameplate: [nameplate] });
    const { submissionId, response: submitted } = await submit(data);
    expect(submitted.status).toBe(201);
    const { orderId, createdAt } = (await submitted.json()) as { orderId: string; createdAt: string };

    expect(await deliveredRows(stack, 'photo-requests', data.fullName)).toEqual([
      [data.fullName, data.phone, data.wilaya, createdAt, data.partName, `${urls[0]}, ${urls[1]}`, nameplate],
    ]);
    expect(await storedSubmission(documents, stack, submissionId)).toEqual(
      expect.objectContaining({ orderId, formId, data: expect.objectContaining({ images: urls, nameplate: [nameplate] }) }),
    );

    for (const [url, bytes, type] of [
      [urls[0]!, images.jpeg, 'image/jpeg'],
      [urls[1]!, images.png, 'image/png'],
    ] as const) {
      const photo = await fetch(url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(bytes);
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    }
  });

  test('a photo that is not stored answers 404 on the site, and nothing outside uploads/ is reachable', async () => {
    expect((await fetch(`${stack.uploadsPublicUrl}uploads/${formId}/${randomUUID()}.jpg`)).status).toBe(404);

    const hidden = `private/${randomUUID()}.jpg`;
    await putDirectly(hidden, images.jpeg, 'image/jpeg');
    for (const path of [`/uploads/%2e%2e/${hidden}`, `/uploads/..%2f${hidden}`, `/uploads/x/..%2F..%2F${hidden}`, '/uploads/']) {
      expect(await rawStatus(path), path).toBe(404);
    }
    const stored = await upload(images.jpeg, 'image/jpeg');
    expect((await fetch(stored, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(stored)).status).toBe(200);
  });
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

describe('a submission naming a photo the API did not hand out answers 400 and writes nothing', () => {
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
    await expectNoRows(stack, 'photo-requests', data.fullName);
  }

  test('a URL outside the uploads location', async () => {
    await expectRejected({ images: ['https://evil.example/x.jpg'] }, 'images', 'fr');
  });

  test('a photo stored under another form', async () => {
    const elsewhere = await putDirectly(`uploads/tractor-order/${randomUUID()}.jpg`, images.jpeg, 'image/jpeg');
    await expectRejected({ images: [await upload(images.jpeg, 'image/jpeg'), elsewhere] }, 'images');
  });

  test('a key that is not one the API makes', async () => {
    const key = `uploads/${formId}/my-photo.jpg`;
    await expectRejected({ images: [await putDirectly(key, images.jpeg, 'image/jpeg')] }, 'images');
    const valid = await upload(images.jpeg, 'image/jpeg');
    await expectRejected({ images: [`${valid}?version=2`] }, 'images');
    await expectRejected({ images: [valid.replace(`uploads/${formId}/`, `uploads/${formId}/../${formId}/`)] }, 'images');
  });

  test('a well-formed URL whose object does not exist', async () => {
    await expectRejected({ images: [`${stack.uploadsPublicUrl}uploads/${formId}/${randomUUID()}.jpg`] }, 'images', 'fr');
  });

  test('an object that is not an image', async () => {
    const text = await putDirectly(`uploads/${formId}/${randomUUID()}.jpg`, 'not a photo', 'text/plain');
    await expectRejected({ images: [text] }, 'images');
  });

  test('an object larger than the field allows', async () => {
    // The nameplate takes 2 KB at most (the fixture's x-upload.maxBytes).
    const large = await putDirectly(`uploads/${formId}/${randomUUID()}.jpg`, Buffer.alloc(2049, 0xff), 'image/jpeg');
    await expectRejected({ images: [await upload(images.jpeg, 'image/jpeg')], nameplate: [large] }, 'nameplate');
  });
});

test('a form without photos is stored and delivered like any other', async () => {
  const data = { fullName: `Yacine Haddad ${randomUUID().slice(0, 8)}`, phone: '0770 11 22 33', message: 'Rappelez-moi svp' };
  const { submissionId, response } = await submit(data, { form: dealerNoteForm.$id, language: 'fr' });
  expect(response.status).toBe(201);
  const { orderId, createdAt } = (await response.json()) as { orderId: string; createdAt: string };

  expect(await deliveredRows(stack, 'dealer-notes', data.fullName)).toEqual([[data.fullName, data.phone, createdAt, data.message]]);
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
