import { Logger } from '@aws-lambda-powertools/logger';
import type { MeResponse } from '../../../shared/admin-api';
import { adminHandler } from '../../staff/admin-handler';
import { createCognitoClient } from '../../lib/aws-clients';
import { loadConfig } from '../../lib/config';
import { json } from '../../lib/http';
import { createStaffDirectory } from '../../staff/staff-directory';

/** GET /api/admin/me: the signed-in staff member and their groups. */

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const staff = createStaffDirectory(createCognitoClient(config), config.userPoolId);

export const handler = adminHandler({ logger, originSecret: config.originSecret }, {
  'GET /api/admin/me': async ({ caller }) => {
    const me: MeResponse = { username: caller.username, email: await staff.emailOf(caller.username), groups: caller.groups };
    return json(200, me);
  },
});
