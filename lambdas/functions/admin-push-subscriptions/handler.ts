import { Logger } from '@aws-lambda-powertools/logger';
import type { PushDevice, PushDevicesResponse } from '../../../shared/admin-api';
import { parsePushDeviceRequest } from '../../deliveries/push-device-request';
import { createPushDevicesStore, deviceIdOf, type StoredPushDevice } from '../../deliveries/push-devices-store';
import { pushKeysOf } from '../../deliveries/push-keys';
import { createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { errorResponse, json, readJsonBody } from '../../lib/http';
import { adminHandler, type AdminAction } from '../../staff/admin-handler';

/**
 * New orders on staff phones (docs/decisions/0022-the-dealers-inbox.md):
 * each staff member turns notifications on and off per device, with its
 * language and quiet hours. `GET` gives the public key browsers subscribe
 * with and the caller's devices; `PUT` saves this device; `DELETE` removes
 * one of the caller's. The delivery worker sends the notifications.
 */

const maxBodyBytes = 8 * 1024;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const devices = createPushDevicesStore(createDocumentClient(createDynamoDbClient(config)), config.contentTable);
const keys = config.push ? pushKeysOf(config) : undefined;

/** Without a push key nothing could be sent: every route says so rather than keep devices for nothing. */
const whenConfigured =
  (action: AdminAction): AdminAction =>
  async (request) =>
    keys ? action(request) : errorResponse(503, 'pushUnavailable', request.language);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/push-subscriptions': whenConfigured(async ({ caller }) => {
    const [{ publicKey }, own] = await Promise.all([keys!(), devices.ofStaff(caller.username)]);
    const answer: PushDevicesResponse = { publicKey, devices: own.map(asPushDevice) };
    return json(200, answer);
  }),
  'PUT /api/admin/push-subscriptions': whenConfigured(async ({ event, language, caller }) => {
    const body = readJsonBody(event, language, maxBodyBytes);
    if (!body.ok) return body.response;
    const request = parsePushDeviceRequest(body.value);
    if (!request) return errorResponse(400, 'invalidPushSubscription', language);
    const { subscription, ...settings } = request;
    const device: StoredPushDevice = {
      deviceId: deviceIdOf(subscription.endpoint),
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      ...settings,
      staff: caller.username,
      savedAt: new Date().toISOString(),
    };
    await devices.save(device);
    return json(200, asPushDevice(device));
  }),
  'DELETE /api/admin/push-subscriptions/{deviceId}': whenConfigured(async ({ event, language, caller }) => {
    const deviceId = event.pathParameters?.deviceId ?? '';
    const removed = /^[\w-]{1,64}$/.test(deviceId) && (await devices.remove(deviceId, caller.username));
    return removed ? { statusCode: 204 } : errorResponse(404, 'pushDeviceNotFound', language);
  }),
});

/** What staff see of a device: not its keys, nor whose it is (their own). */
function asPushDevice({ deviceId, endpoint, language, quietHours, savedAt }: StoredPushDevice): PushDevice {
  return { deviceId, endpoint, language, ...(quietHours && { quietHours }), savedAt };
}
