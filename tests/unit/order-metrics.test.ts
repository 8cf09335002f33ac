import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderMetrics, recordOrderOutcome, type OrderOutcome } from '../../lambdas/forms/order-metrics';

/** What the orders route publishes for each outcome: one EMF line, read by CloudWatch and the stack's dashboard. */

afterEach(() => vi.restoreAllMocks());

function published(outcome: OrderOutcome): Record<string, unknown>[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  recordOrderOutcome(new Metrics({ namespace: orderMetrics.namespace, serviceName: 'order-requests' }), outcome);
  vi.restoreAllMocks();
  return lines.flatMap((line) => line.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('order metrics', () => {
  it.each([
    ['accepted', 'OrdersAccepted'],
    ['spam', 'SpamKept'],
    ['rateLimited', 'SubmissionsRateLimited'],
  ] as const)('an order %s counts one %s, published at once', (outcome, name) => {
    const [emf, ...more] = published(outcome);
    expect(more).toEqual([]);
    expect(emf).toMatchObject({ service: 'order-requests', [name]: 1 });
    expect(JSON.stringify(emf)).toContain('"Namespace":"AgriDealer/Orders"');
    for (const other of Object.values(orderMetrics).filter((metric) => metric !== name && metric !== orderMetrics.namespace)) {
      expect(emf).not.toHaveProperty(other);
    }
  });
});
