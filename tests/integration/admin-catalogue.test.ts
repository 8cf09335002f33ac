import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { message } from '../../lambdas/lib/messages';
import type { MediaItem, MediaPage, MediaUploadsResponse, ProductInput } from '../../shared/admin-api';
import productSchema from '../../shared/product-schema.json';
import { tractors } from '../../shared/catalogue/tractors';
import type { Product } from '../../shared/products';
import { stackEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { adminFetch, signIn, responseJson } from '../support/staff';

/**
 * Products and the picture library through the real local stack: the
 * product editor's writes, validated with its schema, show in the public
 * list at once; pictures are uploaded with presigned PUTs, served on the
 * site's origin, and kept while a product shows them.
 */

const env = stackEnvironment();
let token: string;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

const call = (method: string, path: string, body?: unknown, language = 'en') =>
  adminFetch(env.stack, token, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'accept-language': language },
  });

async function publicProducts(query = ''): Promise<Product[]> {
  return (await responseJson<{ products: Product[] }>(await fetch(`${env.stack.siteUrl}/api/products${query}`))).products;
}

const example = productSchema.examples[0] as ProductInput;

describe('products', () => {
  test('created, changed and deleted by staff, each change on the public list at once', async () => {
    const input: ProductInput = { ...example, subcategory: 'test-crud', description: { fr: 'Direction assistée', en: 'Power steering' } };
    const { product } = await responseJson<{ product: Product }>(await call('POST', '/api/admin/products', input), 201);
    expect(product).toMatchObject({ ...input, productId: expect.any(String), createdAt: expect.any(String) });
    expect(await publicProducts('?category=tractors&subcategory=test-crud')).toEqual([product]);
    expect((await publicProducts())[0]).toEqual(product);

    const changed = { ...input, available: false, priceDzd: 2_900_000, name: { ...input.name, fr: 'Tracteur 65 ch, occasion' } };
    const updated = await responseJson<{ product: Product }>(await call('PUT', `/api/admin/products/${product.productId}`, changed));
    expect(updated.product).toEqual({ ...product, ...changed });
    expect(await publicProducts('?category=tractors&subcategory=test-crud')).toEqual([updated.product]);

    const admin = await responseJson<{ products: Product[] }>(await call('GET', '/api/admin/products?category=tractors&subcategory=test-crud'));
    expect(admin.products).toEqual([updated.product]);

    const deleted = await call('DELETE', `/api/admin/products/${product.productId}`);
    expect(deleted.status).toBe(204);
    expect(await publicProducts('?category=tractors&subcategory=test-crud')).toEqual([]);
  });

  test('invalid data is refused with the editor schema’s messages, under “Failed to create/update product”', async () => {
    const invalid = { ...example, name: { ar: 'جرار', fr: '  ', en: 'Tractor' }, priceDzd: -5, category: 'Tractors' };
    for (const language of ['en', 'fr'] as const) {
      const refused = await responseJson<{ error: string; code: string; fields: { field: string; message: string }[] }>(
        await call('POST', '/api/admin/products', invalid, language),
        400,
      );
      expect(refused).toMatchObject({ error: message('productCreateFailed', language), code: 'productCreateFailed' });
      expect(refused.fields.map((field) => field.field).sort()).toEqual(['category', 'name', 'priceDzd']);
      // Named by the editor's own labels: "Name in French" is missing.
      const nameLabel = productSchema.properties.name.properties.fr['x-label'][language];
      expect(refused.fields.find((field) => field.field === 'name')!.message).toContain(nameLabel);
    }
    expect(message('productCreateFailed', 'en')).toBe('Failed to create product');

    const { product } = await responseJson<{ product: Product }>(await call('POST', '/api/admin/products', example), 201);
    const unknownField = await responseJson(await call('PUT', `/api/admin/products/${product.productId}`, { ...example, colour: 'red' }), 400);
    expect(unknownField).toMatchObject({ error: 'Failed to update product', code: 'productUpdateFailed' });
    const missing = await responseJson(await call('PUT', `/api/admin/products/no-such-product`, example), 404);
    expect(missing).toMatchObject({ error: 'Failed to update product', reason: message('productNotFound', 'en') });
    const gone = await responseJson(await call('DELETE', '/api/admin/products/no-such-product'), 404);
    expect(gone).toMatchObject({ error: 'Failed to delete product', code: 'productDeleteFailed' });
    const notJson = await adminFetch(env.stack, token, '/api/admin/products', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
  });
});

describe('media', () => {
  /** Uploads a fixture image as the admin pages do: presign, PUT, register. */
  async function uploadPicture(file = fixtureImages.jpeg, type = 'image/jpeg'): Promise<MediaItem> {
    const bytes = await readFile(file);
    const { uploads } = await responseJson<MediaUploadsResponse>(
      await call('POST', '/api/admin/media/uploads', { files: [{ name: 'tracteur.jpg', type, size: bytes.byteLength }] }),
      201,
    );
    const [upload] = uploads;
    expect(upload!.publicUrl).toBe(`${env.stack.uploadsPublicUrl}media/${upload!.mediaId}.${type === 'image/png' ? 'png' : 'jpg'}`);
    const put = await fetch(upload!.uploadUrl, { method: 'PUT', headers: upload!.headers, body: bytes });
    expect(put.status).toBe(200);
    const { item } = await responseJson<{ item: MediaItem }>(
      await call('POST', '/api/admin/media', { url: upload!.publicUrl, name: 'tracteur.jpg', alt: { fr: 'Tracteur rouge' } }),
      201,
    );
    return item;
  }

  test('an uploaded picture is listed, served on the site as an image, and its texts can be written', async () => {
    const item = await uploadPicture();
    expect(item).toMatchObject({
      contentType: 'image/jpeg',
      name: 'tracteur.jpg',
      alt: { ar: '', fr: 'Tracteur rouge', en: '' },
      createdBy: env.stack.admin.email,
    });
    const served = await fetch(`${env.stack.siteUrl}${item.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile(fixtureImages.jpeg));

    const page = await responseJson<MediaPage>(await call('GET', '/api/admin/media'));
    expect(page.items[0]).toEqual(item);
    const { item: described } = await responseJson<{ item: MediaItem }>(
      await call('PATCH', `/api/admin/media/${item.mediaId}`, { alt: { ar: 'جرار أحمر', en: 'Red tractor' } }),
    );
    expect(described.alt).toEqual({ ar: 'جرار أحمر', fr: 'Tracteur rouge', en: 'Red tractor' });
    // Registering again answers the same picture.
    expect((await responseJson<{ item: MediaItem }>(await call('POST', '/api/admin/media', { url: item.url, name: 'tracteur.jpg' }))).item).toEqual(described);
  });

  test('a file that was not uploaded, or not a picture, is refused', async () => {
    const { uploads } = await responseJson<MediaUploadsResponse>(
      await call('POST', '/api/admin/media/uploads', { files: [{ name: 'a.png', type: 'image/png', size: 100 }] }),
      201,
    );
    const notThere = await call('POST', '/api/admin/media', { url: uploads[0]!.publicUrl, name: 'a.png' }, 'fr');
    expect(await responseJson(notThere, 400)).toEqual({ error: message('mediaNotUploaded', 'fr'), code: 'mediaNotUploaded' });
    // S3 takes only the type and length signed: a page sent in place of the picture is refused.
    const page = '<script>alert(1)</script>'.padEnd(100, ' ');
    const swapped = await fetch(uploads[0]!.uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: page });
    expect(swapped.status).toBe(403);
    // Bytes of the signed type and length that are no picture: registration reads their first bytes and refuses them.
    const sent = await fetch(uploads[0]!.uploadUrl, { method: 'PUT', headers: uploads[0]!.headers, body: page });
    expect(sent.status).toBe(200);
    expect(await responseJson(await call('POST', '/api/admin/media', { url: uploads[0]!.publicUrl, name: 'a.png' }), 400)).toMatchObject({
      code: 'mediaNotUploaded',
    });

    const svg = await call('POST', '/api/admin/media/uploads', { files: [{ name: 'logo.svg', type: 'image/svg+xml', size: 100 }] });
    expect(await responseJson(svg, 400)).toMatchObject({ code: 'notImage' });
    const elsewhere = await call('POST', '/api/admin/media', { url: `${env.stack.uploadsPublicUrl}uploads/part-order/${randomUUID()}.jpg`, name: 'x.jpg' });
    expect(await responseJson(elsewhere, 400)).toMatchObject({ code: 'invalidMediaRequest' });
  });

  test('a picture a product shows cannot be deleted; once the product lets go of it, it can', async () => {
    const picture = await uploadPicture(fixtureImages.png, 'image/png');
    const { product } = await responseJson<{ product: Product }>(
      await call('POST', '/api/admin/products', { ...example, subcategory: 'test-media', pictureId: picture.mediaId }),
      201,
    );
    expect(product).toMatchObject({ pictureId: picture.mediaId, pictureUrl: picture.url });
    expect((await publicProducts('?category=tractors&subcategory=test-media'))[0]!.pictureUrl).toBe(picture.url);

    const refused = await responseJson<{ error: string; products: { productId: string }[] }>(
      await call('DELETE', `/api/admin/media/${picture.mediaId}`, undefined, 'fr'),
      409,
    );
    expect(refused).toMatchObject({ code: 'mediaInUse', error: message('mediaInUse', 'fr'), products: [{ productId: product.productId, name: example.name }], catalogue: false });
    expect((await fetch(`${env.stack.siteUrl}${picture.url}`)).status).toBe(200);

    await responseJson(await call('PUT', `/api/admin/products/${product.productId}`, { ...example, subcategory: 'test-media' }));
    expect((await call('DELETE', `/api/admin/media/${picture.mediaId}`)).status).toBe(204);
    expect((await fetch(`${env.stack.siteUrl}${picture.url}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/media/${picture.mediaId}`)).status).toBe(404);

    const unknownPicture = await call('POST', '/api/admin/products', { ...example, pictureId: randomUUID() });
    expect(await responseJson(unknownPicture, 400)).toMatchObject({ error: 'Failed to create product', reason: message('pictureNotFound', 'en') });
  });

  test('a picture the catalogue’s draft shows cannot be deleted; once the draft lets go of it, it can', async () => {
    const picture = await uploadPicture(fixtureImages.png, 'image/png');
    const withPhoto = (photo: { mediaId: string } | null) => ({ catalogue: { tractors: { changed: { [tractors[0]!.id]: { photo } } } } });
    await responseJson(await call('PUT', '/api/admin/content/draft', withPhoto({ mediaId: picture.mediaId })));

    const refused = await responseJson(await call('DELETE', `/api/admin/media/${picture.mediaId}`, undefined, 'ar'), 409);
    expect(refused).toMatchObject({ code: 'mediaInUse', error: message('mediaInUse', 'ar'), products: [], catalogue: true });
    expect((await fetch(`${env.stack.siteUrl}${picture.url}`)).status).toBe(200);

    await responseJson(await call('PUT', '/api/admin/content/draft', withPhoto(null)));
    expect((await call('DELETE', `/api/admin/media/${picture.mediaId}`)).status).toBe(204);
  });
});
