import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createDocumentClient, createDynamoDbClient } from '../lib/aws-clients';
import { loadConfig } from '../lib/config';
import { errorResponse, json, requestLanguage, type HttpResponse } from '../lib/http';
import type { MessageKey } from '../lib/messages';
import { createProductsStore, type ProductFilter } from '../lib/products-store';

/**
 * GET /api/products[?category=…[&subcategory=…]]: the catalogue products,
 * newest first. Other query parameters (fbclid, utm_*, …) are ignored.
 */

const filterValue = /^[a-z0-9-]{1,64}$/;
/** Browsers reuse the list for a minute, so a staff edit shows within that time. */
const listCacheControl = 'public, max-age=60';

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const products = createProductsStore(createDocumentClient(createDynamoDbClient(config)), config.productsTable, (item) =>
  logger.warn('Products table item skipped: it is not a product', { item }),
);

export async function handler(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const language = requestLanguage(event);
  const filter = parseFilter(event.queryStringParameters ?? {});
  if (!filter.ok) return errorResponse(400, filter.code, language);

  try {
    const list = await products.list(filter.value);
    const response = json(200, { products: list });
    return { ...response, headers: { ...response.headers, 'cache-control': listCacheControl } };
  } catch (error) {
    logger.error('Products could not be listed', { error, filter: filter.value });
    return errorResponse(500, 'internalError', language);
  }
}

type FilterResult = { ok: true; value: ProductFilter } | { ok: false; code: MessageKey };

/** A repeated parameter reaches the handler comma-joined, which the pattern refuses. */
function parseFilter(query: Record<string, string | undefined>): FilterResult {
  const { category, subcategory } = query;
  if ([category, subcategory].some((value) => value !== undefined && !filterValue.test(value))) {
    return { ok: false, code: 'invalidProductFilter' };
  }
  if (subcategory !== undefined && category === undefined) return { ok: false, code: 'subcategoryWithoutCategory' };
  return { ok: true, value: { category, subcategory } };
}
