import { Logger } from '@aws-lambda-powertools/logger';
import type { FormSchema } from '../../../shared/forms/form-schema';
import { loadBundledFormSchema } from '../../../shared/forms/schema-files';
import { createCognitoClient, createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, type HttpResponse } from '../../lib/http';
import { createUploadsBucket } from '../../lib/uploads-bucket';
import { adminHandler, type AdminRequest } from '../../staff/admin-handler';
import { createStaffDirectory } from '../../staff/staff-directory';
import { removeLeftovers } from '../../submissions/forget-order';
import { createInboxStore } from '../../submissions/inbox-store';
import { orderIdPattern } from '../../submissions/record';
import { createOrderSearchIndex } from '../../submissions/search-index';

/**
 * `DELETE /api/admin/orders/{orderId}`, for admins (the route's group): an
 * order deleted for a farmer who asks to be forgotten, with its photos,
 * delivery states and search entries; what stays under its reference is who
 * deleted it and when (docs/decisions/0022-the-dealers-inbox.md). A function
 * of its own, so that the inbox's function, used all day, neither carries the
 * S3 client nor may delete photos.
 */

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const documents = createDocumentClient(createDynamoDbClient(config));
const inbox = createInboxStore(documents, config.submissionsTable);
const searchIndex = createOrderSearchIndex(documents, config, schemaOf);
const uploads = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'DELETE /api/admin/orders/{orderId}': deleteOrder,
});

async function deleteOrder({ event, language, caller }: AdminRequest): Promise<HttpResponse> {
  const orderId = event.pathParameters?.orderId ?? '';
  if (!orderIdPattern.test(orderId)) return errorResponse(404, 'orderNotFound', language);
  const deleted = { at: new Date().toISOString(), by: await staff.emailOf(caller.username) };
  const outcome = await inbox.forget(orderId, deleted, async (submission) =>
    removeLeftovers({ bucket: uploads, index: searchIndex }, submission, await schemaOf(submission.formId)),
  );
  if (outcome === 'notFound') return errorResponse(404, 'orderNotFound', language);
  if (outcome === 'deliveryInProgress') return errorResponse(409, 'deliveryInProgress', language);
  logger.info('Order deleted at the farmer’s request', { orderId, by: deleted.by });
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/** The order's form, for its choices' labels (a few a year: read when needed, without the forms' validators). */
function schemaOf(formId: string): Promise<FormSchema | undefined> {
  return loadBundledFormSchema(config.formSchemasDir, formId);
}
