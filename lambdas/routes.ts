/**
 * The API's routes and the Lambda handler behind each. The CDK stack creates
 * an API Gateway route and a function per entry; the local stack routes HTTP
 * requests to the same handlers.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** API Gateway path, with {parameters}. */
  path: string;
  /** Folder under lambdas/ holding handler.ts. */
  handler: string;
}

export const apiRoutes = [
  { method: 'GET', path: '/api/forms/{formId}/start', handler: 'start-form' },
  { method: 'POST', path: '/api/forms/{formId}/submissions', handler: 'submit-form' },
  { method: 'POST', path: '/api/uploads', handler: 'create-upload' },
  { method: 'GET', path: '/api/products', handler: 'list-products' },
] as const satisfies readonly ApiRoute[];

/** The handler folders, e.g. for per-function settings that must exist for each. */
export type HandlerName = (typeof apiRoutes)[number]['handler'];
