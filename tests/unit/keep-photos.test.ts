import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths';
import type { LoadedForm } from '../../lambdas/forms/form-registry';
import { createPhotoKeeper, keptPhotoCacheControl } from '../../lambdas/forms/keep-photos';
import type { UploadBindings } from '../../lambdas/forms/upload-bindings';
import type { UploadsBucket } from '../../lambdas/lib/uploads-bucket';
import { bundleFormSchema } from '../../shared/forms/bundle-schema';
import { readDefinitions } from '../../shared/forms/schema-files';
import { fixtureImages, photoRequestForm } from '../support/fixture-forms';
import { exifMarker, gluedPage, imageOf, taintedJpeg } from '../support/tainted-photos';

/**
 * The photo step on a bucket and bindings held in memory: what is read,
 * bound and written, and in which order.
 */

const publicUrl = 'https://site.example/';
const orderId = '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f';
const jpeg = new Uint8Array(readFileSync(fixtureImages.jpeg));
const png = new Uint8Array(readFileSync(fixtureImages.png));
let form: LoadedForm;
const uploadKey = (n: number, extension = 'jpg') => `uploads/${photoRequestForm.$id}/00000000-0000-4000-8000-00000000000${n}.${extension}`;

beforeAll(async () => {
  const schema = bundleFormSchema(photoRequestForm, await readDefinitions(path.join(repoRoot, 'form-schemas')));
  form = { id: photoRequestForm.$id, schema } as LoadedForm;
});

/** A bucket of objects by key, and the calls made to it. */
function memoryBucket(objects: Record<string, Uint8Array>) {
  const calls: string[] = [];
  const headers: Record<string, { contentType: string; cacheControl: string }> = {};
  const bucket: Pick<UploadsBucket, 'readStart' | 'put'> = {
    async readStart(key, byteCount) {
      calls.push(`read ${key}`);
      const bytes = objects[key];
      return bytes && { size: bytes.length, etag: '"1"', contentType: 'image/jpeg', bytes: bytes.subarray(0, byteCount) };
    },
    async put(key, body, file) {
      calls.push(`put ${key}`);
      objects[key] = body;
      headers[key] = file;
    },
  };
  return { bucket, calls, objects, headers };
}

/** Bindings by upload key, some already another submission's. */
function memoryBindings(held: Record<string, string> = {}) {
  const calls: string[] = [];
  const bindings: UploadBindings = {
    async bind(keys, submissionId) {
      calls.push(`bind ${keys.join(' ')}`);
      const taken = keys.filter((key) => held[key] !== undefined && held[key] !== submissionId);
      if (taken.length === 0) for (const key of keys) held[key] = submissionId;
      return taken;
    },
  };
  return { bindings, calls, held };
}

const keeper = (bucket: Pick<UploadsBucket, 'readStart' | 'put'>, bindings = memoryBindings().bindings, stored = false) =>
  createPhotoKeeper({ bucket, publicUrl, isStored: async () => stored, bindings });
const data = (images: string[], nameplate?: string[]) => ({ partName: 'Filtre', fullName: 'Amina Kaci', images, nameplate });
const refusal = (field: string) => ({
  ok: false,
  reason: 'imageRejected',
  errors: [{ field, keyword: 'image', message: 'One of the images is missing or invalid. Please add it again.' }],
});

describe('keeping the photos of a submission', () => {
  it('binds the uploads to the order, makes each again under a key of the order and names those instead', async () => {
    const { bucket, objects, headers } = memoryBucket({ [uploadKey(1)]: jpeg, [uploadKey(2, 'png')]: png, [uploadKey(3)]: jpeg });
    const { bindings, held } = memoryBindings();
    const kept = await keeper(bucket, bindings)(
      form,
      data([`${publicUrl}${uploadKey(1)}`, `${publicUrl}${uploadKey(2, 'png')}`], [`${publicUrl}${uploadKey(3)}`]),
      orderId,
      'en',
    );
    const keys = [`photos/${orderId}/images-1.jpg`, `photos/${orderId}/images-2.png`, `photos/${orderId}/nameplate-1.jpg`];
    expect(kept).toEqual({
      ok: true,
      data: data([`${publicUrl}${keys[0]}`, `${publicUrl}${keys[1]}`], [`${publicUrl}${keys[2]}`]),
    });
    expect(await Promise.all(keys.map((key) => imageOf(objects[key]!)))).toEqual([
      expect.objectContaining({ format: 'jpeg', width: 8, height: 8 }),
      expect.objectContaining({ format: 'png', width: 8, height: 8 }),
      expect.objectContaining({ format: 'jpeg', width: 8, height: 8 }),
    ]);
    expect(headers[keys[1]!]).toEqual({ contentType: 'image/png', cacheControl: keptPhotoCacheControl });
    expect(held).toEqual({ [uploadKey(1)]: orderId, [uploadKey(2, 'png')]: orderId, [uploadKey(3)]: orderId });
  });

  it('keeps only the image: no EXIF, nothing glued after it', async () => {
    const tainted = await taintedJpeg();
    const { bucket, objects } = memoryBucket({ [uploadKey(1)]: tainted });
    expect(await keeper(bucket)(form, data([`${publicUrl}${uploadKey(1)}`]), orderId, 'en')).toMatchObject({ ok: true });
    const kept = Buffer.from(objects[`photos/${orderId}/images-1.jpg`]!);
    expect(await imageOf(kept)).toEqual({ format: 'jpeg', width: 32, height: 24, exif: undefined });
    expect(kept.includes(exifMarker)).toBe(false);
    expect(kept.includes(gluedPage)).toBe(false);
  });

  it('refuses a file that only starts like an image, and binds and writes nothing', async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode('<html><script>alert(1)</script></html>')]);
    const { bucket, calls } = memoryBucket({ [uploadKey(1)]: jpeg, [uploadKey(2)]: fake });
    const { bindings, calls: bound } = memoryBindings();
    const answer = await keeper(bucket, bindings)(form, data([`${publicUrl}${uploadKey(1)}`, `${publicUrl}${uploadKey(2)}`]), orderId, 'en');
    expect(answer).toEqual(refusal('images'));
    expect(calls.filter((call) => !call.startsWith('read'))).toEqual([]);
    expect(bound).toEqual([]);
  });

  it('refuses an upload another order named, in the visitor’s language, and writes nothing', async () => {
    const { bucket, calls } = memoryBucket({ [uploadKey(1)]: jpeg, [uploadKey(2)]: jpeg });
    const { bindings } = memoryBindings({ [uploadKey(2)]: 'another-order' });
    const answer = await keeper(bucket, bindings)(form, data([`${publicUrl}${uploadKey(1)}`], [`${publicUrl}${uploadKey(2)}`]), orderId, 'fr');
    expect(answer).toEqual({
      ok: false,
      reason: 'imageInOtherOrder',
      errors: [{ field: 'nameplate', keyword: 'image', message: "Une des images a déjà été envoyée avec une autre commande. Veuillez l'ajouter à nouveau." }],
    });
    expect(calls.filter((call) => call.startsWith('put'))).toEqual([]);
  });

  it('leaves a stored submission’s photos alone: its retry is answered from the stored order', async () => {
    const { bucket, calls } = memoryBucket({ [uploadKey(1)]: png });
    const { bindings, calls: bound } = memoryBindings();
    const submitted = data([`${publicUrl}${uploadKey(1)}`]);
    expect(await keeper(bucket, bindings, true)(form, submitted, orderId, 'en')).toEqual({ ok: true, data: submitted });
    expect([...calls, ...bound]).toEqual([]);
  });
});
