import { expect } from 'vitest';
import { readMails, type StoredMail } from '../../infra/local/mailbox';
import type { LocalStack } from '../../infra/local/stack';

/** What the tests read of the mails the local SES stand-in received. */

/** The mails that mention the order's admin link (every staff mail does). */
export async function mailsAbout(stack: LocalStack, orderId: string): Promise<StoredMail[]> {
  return (await readMails(stack.mailDir)).filter((mail) => mail.text?.includes(`/admin/orders/${orderId}`));
}

/**
 * The mails about an order once the delivery worker has sent `count` of them;
 * a last run of the worker then shows any mail sent twice.
 */
export async function deliveredMails(stack: LocalStack, orderId: string, count = 1): Promise<StoredMail[]> {
  await expect.poll(() => mailsAbout(stack, orderId), { timeout: 15_000 }).toHaveLength(count);
  await stack.deliveries.runNow();
  return mailsAbout(stack, orderId);
}
