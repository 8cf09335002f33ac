import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';

/**
 * What POST /api/forms/{formId}/submissions tells CloudWatch (embedded metric
 * format, through Powertools Metrics), and what the stack's dashboard shows
 * (infra/aws/constructs/monitoring.ts): the names are declared once here.
 */
export const orderMetrics = {
  namespace: 'AgriDealer/Orders',
  /** An order stored, to be delivered. */
  accepted: 'OrdersAccepted',
  /** A submission taken for a bot's (decision 11): stored, answered as any other, never delivered. */
  spam: 'SpamKept',
  /** A submission refused by the per-client rate limit (429). */
  rateLimited: 'SubmissionsRateLimited',
} as const;

export type OrderOutcome = Exclude<keyof typeof orderMetrics, 'namespace'>;

export function recordOrderOutcome(metrics: Metrics, outcome: OrderOutcome): void {
  metrics.addMetric(orderMetrics[outcome], MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
}
