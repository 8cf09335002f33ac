import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray traces of the functions' AWS calls (DynamoDB, S3, SES, Cognito,
 * Secrets Manager), each a segment of its own under the function's trace.
 * Outside Lambda (the local stack, the tests) it records nothing.
 */
export const tracer = new Tracer({ serviceName: 'order-requests' });
