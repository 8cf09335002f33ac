import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { ProductInput, ProductList, ProductResponse } from '../../../shared/admin-api';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { normalizeFormData } from '../../../shared/forms/normalize';
import type { Language } from '../../../shared/languages';
import productSchema from '../../../shared/product-schema.json';
import type { Product } from '../../../shared/products';
import { createSchemaCompiler } from '../../forms/form-registry';
import { adminHandler, type AdminRequest } from '../../staff/admin-handler';
import { createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, isRecord, json, readJsonBody, type HttpResponse } from '../../lib/http';
import { createMediaStore } from '../../media/media-store';
import { message, type MessageKey } from '../../lib/messages';
import { createProductsStore, parseProductFilter } from '../../products/products-store';
import { staffProduct } from '../../products/staff-view';
import { createContentStore } from '../../content/content-store';
import { defaultCatalogue } from '../../../shared/catalogue/defaults';
import { resolveCatalogue } from '../../../shared/content/resolve';

/**
 * The products behind the home page's featured products (spec 000): list,
 * create, replace and delete, the data validated with the product editor's
 * own schema (shared/product-schema.json). A change shows on the site within
 * the public list's minute of browser caching, without a rebuild. Listed as
 * the site shows them: a product showing a catalogue entry with the entry's
 * published values, and the draft's where they differ.
 */

const maxBodyBytes = 32 * 1024;
const productIdPattern = /^[a-z0-9-]{1,100}$/;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const products = createProductsStore(documents, config.productsTable, (item) =>
  logger.warn('Products table item skipped: it is not a product', { item }),
);
const media = createMediaStore(documents, config.mediaTable);
const content = createContentStore(documents, config.contentTable);
const editorSchema = productSchema as unknown as FormSchema;
const validate = createSchemaCompiler()(editorSchema);

type Failure = 'productCreateFailed' | 'productUpdateFailed' | 'productDeleteFailed';

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/products': async ({ event, language }) => {
    const filter = parseProductFilter(event.queryStringParameters ?? {});
    if (!filter.ok) return errorResponse(400, filter.code, language);
    const [list, live, draft] = await Promise.all([products.list(filter.value), content.live(), content.draft()]);
    // The catalogue as the site shows it, and as the draft would make it.
    const published = resolveCatalogue(defaultCatalogue, live?.overrides.catalogue);
    const drafted = draft ? resolveCatalogue(defaultCatalogue, draft.overrides.catalogue) : published;
    const answer: ProductList = { products: list.map((product) => staffProduct(product, published, drafted)) };
    return json(200, answer);
  },

  'POST /api/admin/products': async (request) => {
    const input = await readProduct(request, 'productCreateFailed');
    if (!input.ok) return input.response;
    const product: Product = { productId: randomUUID(), ...input.product, createdAt: new Date().toISOString() };
    await products.put(product, 'create');
    const answer: ProductResponse = { product };
    return json(201, answer);
  },

  'PUT /api/admin/products/{productId}': async (request) => {
    const { language } = request;
    const productId = request.event.pathParameters?.productId ?? '';
    const existing = productIdPattern.test(productId) ? await products.get(productId) : undefined;
    if (!existing) return failure(404, 'productUpdateFailed', 'productNotFound', language);
    const input = await readProduct(request, 'productUpdateFailed');
    if (!input.ok) return input.response;
    const product: Product = { productId, ...input.product, createdAt: existing.createdAt };
    if (!(await products.put(product, 'replace'))) return failure(404, 'productUpdateFailed', 'productNotFound', language);
    const answer: ProductResponse = { product };
    return json(200, answer);
  },

  'DELETE /api/admin/products/{productId}': async ({ event, language }) => {
    const productId = event.pathParameters?.productId ?? '';
    if (!productIdPattern.test(productId) || !(await products.delete(productId))) {
      return failure(404, 'productDeleteFailed', 'productNotFound', language);
    }
    return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
  },
});

type ProductRead = { ok: true; product: Omit<Product, 'productId' | 'createdAt'> } | { ok: false; response: HttpResponse };

/** The editor's data, validated, with the picture's URL taken from the media library. */
async function readProduct({ event, language }: AdminRequest, failed: Failure): Promise<ProductRead> {
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body;
  const data = normalizeFormData(isRecord(body.value) ? body.value : {}, editorSchema);
  const fields = validate(data, language);
  if (!isRecord(body.value) || fields.length > 0) {
    return { ok: false, response: failure(400, failed, 'invalidFields', language, { fields }) };
  }
  const input = data as unknown as ProductInput;
  const { pictureId, ...rest } = input;
  if (pictureId === undefined) return { ok: true, product: rest };
  const picture = await media.get(pictureId);
  if (!picture) {
    const fields = [{ field: 'pictureId', keyword: 'picture', message: message('pictureNotFound', language) }];
    return { ok: false, response: failure(400, failed, 'pictureNotFound', language, { fields }) };
  }
  return { ok: true, product: { ...rest, pictureId, pictureUrl: picture.url } };
}

/** "Failed to … product" in the staff's language, with the reason. */
function failure(status: number, failed: Failure, reason: MessageKey, language: Language, details: Record<string, unknown> = {}) {
  return errorResponse(status, failed, language, { reason: message(reason, language), ...details });
}
