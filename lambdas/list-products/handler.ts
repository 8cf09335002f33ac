import type { ProductsResponse } from '../../shared/api';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createDocumentClient, createDynamoDbClient } from '../lib/aws-clients';
import { loadConfig } from '../lib/config';
import { errorResponse, json, requestLanguage, type HttpResponse } from '../lib/http';
import { createProductsStore, parseProductFilter } from '../lib/products-store';

/**
 * GET /api/products[?category=…[&subcategory=…]]: the catalogue products,
 * newest first. Other query parameters (fbclid, utm_*, …) are ignored.
 */

/** Browsers reuse the list for a minute, so a staff edit shows within that time. */
const listCacheControl = 'public, max-age=60';

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const products = createProductsStore(createDocumentClient(createDynamoDbClient(config)), config.productsTable, (item) =>
  logger.warn('Products table item skipped: it is not a product', { item }),
);

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  // Each log line names the request and the function's instance.
  if (context) logger.addContext(context);
  const language = requestLanguage(event);
  const filter = parseProductFilter(event.queryStringParameters ?? {});
  if (!filter.ok) return errorResponse(400, filter.code, language);

  try {
    const list = await products.list(filter.value);
    const answer: ProductsResponse = { products: list };
    const response = json(200, answer);
    return { ...response, headers: { ...response.headers, 'cache-control': listCacheControl } };
  } catch (error) {
    logger.error('Products could not be listed', { error, filter: filter.value });
    return errorResponse(500, 'internalError', language);
  }
}
