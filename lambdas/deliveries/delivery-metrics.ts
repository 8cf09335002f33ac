import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import { deliveryKinds } from '../../shared/submissions';
import type { DeliveryReport } from './delivery-worker';

/**
 * What each delivery run tells CloudWatch (embedded metric format, through
 * Powertools Metrics), and what the stack's alarm reads
 * (infra/aws/constructs/deliveries.ts): the names are declared once here.
 */
export const deliveryMetrics = {
  namespace: 'AgriDealer/Deliveries',
  /** Seconds since the oldest undelivered submission was sent; 0 when everything is delivered. */
  oldestUndeliveredAge: 'OldestUndeliveredAgeSeconds',
  undelivered: 'UndeliveredSubmissions',
  /** Submissions with a delivery the destination refused on its own: staff must look at them. */
  needingStaff: 'SubmissionsNeedingStaff',
  sent: (kind: string) => `${kind}Sent`,
  failed: (kind: string) => `${kind}Failed`,
} as const;

export function recordDeliveryRun(metrics: Metrics, report: DeliveryReport, now: number): void {
  const oldest = report.oldestUndeliveredAt === undefined ? now : Date.parse(report.oldestUndeliveredAt);
  metrics.addMetric(deliveryMetrics.oldestUndeliveredAge, MetricUnit.Seconds, Math.max(0, Math.round((now - oldest) / 1000)));
  metrics.addMetric(deliveryMetrics.undelivered, MetricUnit.Count, report.undelivered);
  metrics.addMetric(deliveryMetrics.needingStaff, MetricUnit.Count, report.needingStaff);
  for (const kind of deliveryKinds) {
    metrics.addMetric(deliveryMetrics.sent(kind), MetricUnit.Count, report.sent[kind]);
    metrics.addMetric(deliveryMetrics.failed(kind), MetricUnit.Count, report.failed[kind]);
  }
}
