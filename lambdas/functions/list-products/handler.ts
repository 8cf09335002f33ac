import type { ProductsResponse } from '../../../shared/api';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, json, requestLanguage, type HttpResponse } from '../../lib/http';
import { createProductsStore, parseProductFilter } from '../../products/products-store';
import { createContentStore } from '../../content/content-store';
import { defaultCatalogue } from '../../../shared/catalogue/defaults';
import type { Catalogue } from '../../../shared/catalogue/lists';
import { resolveCatalogue } from '../../../shared/content/resolve';
import { withCatalogueEntry } from '../../../shared/products';

/**
 * GET /api/products[?category=…[&subcategory=…]]: the catalogue products,
 * newest first. Other query parameters (fbclid, utm_*, …) are ignored. A
 * product showing a catalogue entry takes its name, price, availability and
 * photo from the published catalogue (the typed defaults with the live
 * publish's changes), and is left out while the entry is hidden.
 */

/** Browsers reuse the list for a minute, so a staff edit shows within that time. */
const listCacheControl = 'public, max-age=60';

/** The published catalogue is read again after this long: a publish shows in the list within it (and the browser's minute). */
const catalogueCacheMs = 60_000;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const products = createProductsStore(documents, config.productsTable, (item) => logger.warn('Products table item skipped: it is not a product', { item }));
const content = createContentStore(documents, config.contentTable);

let published: { catalogue: Promise<Catalogue>; readAt: number } | undefined;
/** The catalogue as published, read at most once a minute per instance. */
function publishedCatalogue(): Promise<Catalogue> {
  if (!published || Date.now() - published.readAt > catalogueCacheMs) {
    const catalogue = content.live().then((live) => resolveCatalogue(defaultCatalogue, live?.overrides.catalogue));
    catalogue.catch(() => (published = undefined));
    published = { catalogue, readAt: Date.now() };
  }
  return published.catalogue;
}

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  // Each log line names the request and the function's instance.
  if (context) logger.addContext(context);
  const language = requestLanguage(event);
  const filter = parseProductFilter(event.queryStringParameters ?? {});
  if (!filter.ok) return errorResponse(400, filter.code, language);

  try {
    const [list, catalogue] = await Promise.all([products.list(filter.value), publishedCatalogue()]);
    const answer: ProductsResponse = { products: list.flatMap((product) => withCatalogueEntry(product, catalogue) ?? []) };
    const response = json(200, answer);
    return { ...response, headers: { ...response.headers, 'cache-control': listCacheControl } };
  } catch (error) {
    logger.error('Products could not be listed', { error, filter: filter.value });
    return errorResponse(500, 'internalError', language);
  }
}
