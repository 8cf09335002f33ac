import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/aws/paths';
import type { LoadedForm } from '../../lambdas/forms/form-registry';
import { createPhotoKeeper } from '../../lambdas/forms/keep-photos';
import type { UploadsBucket } from '../../lambdas/lib/uploads-bucket';
import { bundleFormSchema } from '../../shared/forms/bundle-schema';
import { readDefinitions } from '../../shared/forms/schema-files';
import { fixtureImages, photoRequestForm } from '../support/fixture-forms';

/**
 * The photo step on a bucket held in memory, for what the local S3 cannot be
 * made to do on cue: an upload that changes between its check and its copy,
 * a copy that does not read back as it was checked.
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

/** A bucket of objects by key; `onCopy` may change things between a check and a copy. */
function memoryBucket(objects: Record<string, Uint8Array>, onCopy: (from: string, to: string) => void = () => undefined) {
  const calls: string[] = [];
  const etags = new Map<Uint8Array, string>();
  const etagOf = (bytes: Uint8Array) => etags.get(bytes) ?? etags.set(bytes, `"${etags.size}"`).get(bytes)!;
  const bucket: Pick<UploadsBucket, 'readStart' | 'copy' | 'delete'> = {
    async readStart(key, byteCount) {
      calls.push(`read ${key}`);
      const bytes = objects[key];
      return bytes && { size: bytes.length, etag: etagOf(bytes), contentType: 'image/jpeg', bytes: bytes.subarray(0, byteCount) };
    },
    async copy(from, to) {
      calls.push(`copy ${from.key} ${to.key}`);
      onCopy(from.key, to.key);
      const bytes = objects[from.key];
      if (!bytes || etagOf(bytes) !== from.etag) return false;
      objects[to.key] = bytes;
      return true;
    },
    async delete(key) {
      calls.push(`delete ${key}`);
      delete objects[key];
    },
  };
  return { bucket, calls, objects };
}

const keeper = (bucket: Pick<UploadsBucket, 'readStart' | 'copy' | 'delete'>, stored = false) =>
  createPhotoKeeper({ bucket, publicUrl, isStored: async () => stored });
const data = (images: string[], nameplate?: string[]) => ({ partName: 'Filtre', fullName: 'Amina Kaci', images, nameplate });
const refusal = (field: string) => ({
  ok: false,
  errors: [{ field, keyword: 'image', message: 'One of the images is missing or invalid. Please add it again.' }],
});

describe('keeping the photos of a submission', () => {
  it('copies each checked upload to a key of the order and names the copies instead', async () => {
    const { bucket, objects } = memoryBucket({ [uploadKey(1)]: jpeg, [uploadKey(2, 'png')]: png, [uploadKey(3)]: jpeg });
    const kept = await keeper(bucket)(
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
    expect(keys.map((key) => objects[key])).toEqual([jpeg, png, jpeg]);
  });

  it('checks every upload before copying any, so a refused submission leaves no copy', async () => {
    const { bucket, calls } = memoryBucket({ [uploadKey(1)]: jpeg, [uploadKey(2)]: new TextEncoder().encode('<html>') });
    const answer = await keeper(bucket)(form, data([`${publicUrl}${uploadKey(1)}`, `${publicUrl}${uploadKey(2)}`]), orderId, 'en');
    expect(answer).toEqual(refusal('images'));
    expect(calls.filter((call) => !call.startsWith('read'))).toEqual([]);
  });

  it('refuses an upload replaced between its check and its copy', async () => {
    const { bucket, objects } = memoryBucket({ [uploadKey(1)]: jpeg }, (from) => {
      objects[from] = png;
    });
    expect(await keeper(bucket)(form, data([`${publicUrl}${uploadKey(1)}`]), orderId, 'fr')).toMatchObject({
      ok: false,
      errors: [{ field: 'images' }],
    });
    expect(objects[`photos/${orderId}/images-1.jpg`]).toBeUndefined();
  });

  it('removes and refuses a copy that does not read back as the upload was checked', async () => {
    const { bucket, calls, objects } = memoryBucket({ [uploadKey(1)]: jpeg });
    const tampering: typeof bucket = {
      ...bucket,
      async copy(from, to) {
        const copied = await bucket.copy(from, to);
        // Whatever lands at the copy's key instead of the checked upload.
        objects[to.key] = png;
        return copied;
      },
    };
    expect(await keeper(tampering)(form, data([`${publicUrl}${uploadKey(1)}`]), orderId, 'en')).toEqual(refusal('images'));
    expect(calls).toContain(`delete photos/${orderId}/images-1.jpg`);
    expect(objects[`photos/${orderId}/images-1.jpg`]).toBeUndefined();
  });

  it('leaves a stored submission’s photos alone: its retry is answered from the stored order', async () => {
    const { bucket, calls } = memoryBucket({ [uploadKey(1)]: png });
    const submitted = data([`${publicUrl}${uploadKey(1)}`]);
    expect(await keeper(bucket, true)(form, submitted, orderId, 'en')).toEqual({ ok: true, data: submitted });
    expect(calls).toEqual([]);
  });
});
