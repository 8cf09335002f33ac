/**
 * The API's routes and the Lambda handler behind each. The CDK stack creates
 * an API Gateway route and a function per entry; the local stack routes HTTP
 * requests to the same handlers.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path, with {parameters}. */
  path: string;
  /** Folder under lambdas/functions/ holding handler.ts. */
  handler: string;
  /**
   * Who may call it (docs/decisions/0009-staff-sign-in-and-roles.md): a valid
   * Cognito access token of a user in the `staff` group, and for `admin` also
   * in the `admin` group. The JWT authorizer (AWS) or the local adapter checks
   * the token; the handler checks the groups. Absent: anyone.
   */
  auth?: StaffRole;
  /** The function's timeout when longer than the default 15 s (API Gateway stops waiting at 30 s). */
  timeoutSeconds?: number;
}

/** Cognito groups, each a role. Every admin is staff too. */
export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const apiRoutes = [
  { method: 'GET', path: '/api/forms/{formId}/start', handler: 'start-form' },
  { method: 'POST', path: '/api/forms/{formId}/submissions', handler: 'submit-form' },
  { method: 'POST', path: '/api/uploads', handler: 'create-upload' },
  { method: 'GET', path: '/api/products', handler: 'list-products' },

  // The staff admin (shared/admin-api.ts documents every request and answer).
  { method: 'GET', path: '/api/admin/me', handler: 'admin-me', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders', handler: 'admin-orders', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders/counts', handler: 'admin-orders', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders/stats', handler: 'admin-orders', auth: 'staff' },
  { method: 'POST', path: '/api/admin/orders/status', handler: 'admin-orders', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders/reply-templates', handler: 'admin-orders', auth: 'staff' },
  { method: 'PUT', path: '/api/admin/orders/reply-templates', handler: 'admin-orders', auth: 'admin' },
  { method: 'GET', path: '/api/admin/orders/{orderId}', handler: 'admin-orders', auth: 'staff' },
  { method: 'PATCH', path: '/api/admin/orders/{orderId}', handler: 'admin-orders', auth: 'staff' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/notes', handler: 'admin-orders', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders/staff', handler: 'admin-orders', auth: 'staff' },
  { method: 'GET', path: '/api/admin/orders/labels', handler: 'admin-orders', auth: 'staff' },
  { method: 'DELETE', path: '/api/admin/orders/{orderId}', handler: 'admin-order-delete', auth: 'admin' },
  { method: 'GET', path: '/api/admin/orders/export', handler: 'admin-orders-export', auth: 'staff', timeoutSeconds: 29 },
  { method: 'POST', path: '/api/admin/orders/export', handler: 'admin-orders-export', auth: 'staff', timeoutSeconds: 29 },
  { method: 'GET', path: '/api/admin/products', handler: 'admin-products', auth: 'staff' },
  { method: 'POST', path: '/api/admin/products', handler: 'admin-products', auth: 'admin' },
  { method: 'PUT', path: '/api/admin/products/{productId}', handler: 'admin-products', auth: 'admin' },
  { method: 'DELETE', path: '/api/admin/products/{productId}', handler: 'admin-products', auth: 'admin' },
  { method: 'GET', path: '/api/admin/media', handler: 'admin-media', auth: 'staff' },
  { method: 'POST', path: '/api/admin/media/uploads', handler: 'admin-media', auth: 'admin' },
  { method: 'POST', path: '/api/admin/media', handler: 'admin-media', auth: 'admin' },
  { method: 'PATCH', path: '/api/admin/media/{mediaId}', handler: 'admin-media', auth: 'admin' },
  { method: 'DELETE', path: '/api/admin/media/{mediaId}', handler: 'admin-media', auth: 'admin' },
  { method: 'GET', path: '/api/admin/content', handler: 'admin-content', auth: 'staff' },
  { method: 'PUT', path: '/api/admin/content/draft', handler: 'admin-content', auth: 'admin' },
  { method: 'POST', path: '/api/admin/content/draft/photos', handler: 'admin-content', auth: 'admin' },
  { method: 'POST', path: '/api/admin/content/publish', handler: 'admin-content', auth: 'admin' },
  { method: 'POST', path: '/api/admin/content/preview', handler: 'admin-content', auth: 'staff', timeoutSeconds: 29 },
  { method: 'GET', path: '/api/admin/content/publishes', handler: 'admin-content', auth: 'staff' },
  { method: 'GET', path: '/api/admin/content/publishes/{publishId}', handler: 'admin-content', auth: 'staff' },
  { method: 'POST', path: '/api/admin/content/publishes/{publishId}/restore', handler: 'admin-content', auth: 'admin' },
  { method: 'GET', path: '/api/admin/readiness', handler: 'admin-readiness', auth: 'staff' },
  { method: 'GET', path: '/api/admin/push-subscriptions', handler: 'admin-push-subscriptions', auth: 'staff' },
  { method: 'PUT', path: '/api/admin/push-subscriptions', handler: 'admin-push-subscriptions', auth: 'staff' },
  { method: 'DELETE', path: '/api/admin/push-subscriptions/{deviceId}', handler: 'admin-push-subscriptions', auth: 'staff' },
] as const satisfies readonly ApiRoute[];

/** The handler folders, e.g. for per-function settings that must exist for each. */
export type HandlerName = (typeof apiRoutes)[number]['handler'];

/** The route of an API Gateway route key ("GET /api/admin/me"). */
export function routeOf(routeKey: string): ApiRoute | undefined {
  return (apiRoutes as readonly ApiRoute[]).find((route) => `${route.method} ${route.path}` === routeKey);
}
