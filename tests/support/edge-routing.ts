import { pageRoutingFunctionCode } from '../../infra/aws/constructs/page-routing';

/**
 * The site's CloudFront Function (infra/aws/constructs/page-routing.ts) run
 * in Node, with its `cloudfront` module given the key value store's entries:
 * what the edge would do with a request, from the same source.
 */

export interface EdgeRequest {
  uri: string;
  querystring?: Record<string, { value: string; multiValue?: { value: string }[] }>;
  cookies?: Record<string, { value: string }>;
}

export interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
  cookies?: Record<string, { value: string; attributes?: string }>;
}

type Handler = (event: unknown) => Promise<EdgeRequest | EdgeResponse>;

export function edgeRouting(store: Map<string, string>, code = pageRoutingFunctionCode({ apps: ['/admin'] })) {
  const cloudfront = {
    kvs: () => ({
      get: async (key: string) => {
        if (!store.has(key)) throw new Error(`The key ${key} does not exist`);
        return store.get(key);
      },
    }),
  };
  const source = code.replace("import cf from 'cloudfront';", '');
  const handler = new Function('cf', `${source}\nreturn handler;`)(cloudfront) as Handler;
  return {
    /** The viewer request, as the function leaves it: the request to the bucket, or a response of its own. */
    request: (request: EdgeRequest) => handler({ context: { eventType: 'viewer-request' }, request: { querystring: {}, cookies: {}, headers: {}, ...request } }),
    /** The status the viewer gets for a request the bucket answered with `statusCode`. */
    async status(uri: string, statusCode = 200): Promise<number> {
      const response = (await handler({ context: { eventType: 'viewer-response' }, request: { uri, querystring: {}, cookies: {}, headers: {} }, response: { statusCode, headers: {} } })) as EdgeResponse;
      return response.statusCode;
    },
  };
}
