import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import newsletter from '../../form-schemas/newsletter-subscription.json';
import partOrder from '../../form-schemas/part-wheeled-tractor.json';
import tractorOrder from '../../form-schemas/tractor-order.json';
import { repoRoot } from '../../infra/paths';
import { createLocalS3Client } from '../../infra/local/s3';
import { localRegion, type LocalStack } from '../../infra/local/stack';
import { fieldLabel, optionLabel } from '../../shared/forms/fields';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import type { Submission } from '../../shared/submissions';
import { setMailFailure } from '../support/faults';
import { fixtureImages } from '../support/fixture-forms';
import { startTestStack } from '../support/local-stack';
import { deliveredMails, mailsAbout } from '../support/mails';
import { deliveredRows, documentClient, storedSubmission } from '../support/submissions';
import { removeTempDir } from '../support/temp-dir';

/**
 * The staff e-mail (docs/decisions/0002): each new order is mailed to the
 * configured staff through SES, here the local SES stand-in, as a second
 * delivery beside the sheet row, with the same retries.
 */

let stack: LocalStack;
let dataDir: string;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  ({ stack, dataDir } = await startTestStack({ deliveryPollMs: 100, relayWritesPerMinute: 0 }));
  documents = documentClient(stack);
});

afterAll(async () => {
  documents?.destroy();
  await stack?.stop();
  await removeTempDir(dataDir);
});

function submit(target: LocalStack, formId: string, data: Record<string, unknown>, submissionId = randomUUID(), language = 'ar') {
  return fetch(`${target.siteUrl}/api/forms/${formId}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ data, submissionId }),
  });
}

async function stored(submissionId: string): Promise<Submission> {
  return (await storedSubmission(documents, stack, submissionId)) as unknown as Submission;
}

/** Photos put in the bucket as the browser's presigned uploads leave them. */
async function uploadedPhotos(formId: string, count: number): Promise<string[]> {
  const s3 = createLocalS3Client(stack.endpoints.s3, localRegion);
  try {
    const body = await readFile(fixtureImages.jpeg);
    const keys = Array.from({ length: count }, () => `uploads/${formId}/${randomUUID()}.jpg`);
    for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key, Body: body, ContentType: 'image/jpeg' }));
    return keys.map((key) => `${stack.uploadsPublicUrl}${key}`);
  } finally {
    s3.destroy();
  }
}


describe('a new order', () => {
  test('is mailed once to staff: form, farmer, every field under its label, the photos and the admin link', async () => {
    const schema = (await loadBundledFormSchema(`${repoRoot}/form-schemas`, partOrder.$id))!;
    const data = { ...partOrder.examples[0]!, fullName: `Rabah Kaci ${randomUUID().slice(0, 8)}`, images: await uploadedPhotos(partOrder.$id, 2) };
    const submissionId = randomUUID();
    expect((await submit(stack, partOrder.$id, data, submissionId)).status).toBe(201);

    const [mail] = await deliveredMails(stack, submissionId);
    const order = await stored(submissionId);
    expect(mail!.to).toEqual(stack.staffEmails);
    expect(mail!.subject).toContain(partOrder['x-title'].fr);
    expect(mail!.subject).toContain(data.fullName);
    const adminLink = `${stack.siteUrl}/admin/orders/${submissionId}`;
    for (const body of [mail!.text!, mail!.html!]) {
      expect(body).toContain(partOrder['x-title'].fr);
      for (const detail of [data.fullName, optionLabel(schema, 'wilaya', data.wilaya, 'fr')!, data.phone]) expect(body).toContain(detail);
      for (const name of Object.keys(data)) expect(body).toContain(fieldLabel(schema, name, 'fr'));
      expect(body).toContain(adminLink);
    }
    // The photos as stored (the checked copies), each a link.
    const photos = order.data.images as string[];
    expect(photos).toHaveLength(2);
    for (const url of photos) {
      expect(mail!.text).toContain(url);
      expect(mail!.html).toContain(`href="${url}"`);
    }
    // Options read as staff know them, in the staff's language.
    expect(mail!.text).toContain(optionLabel(schema, 'partLocation', data.partLocation, 'fr')!);
    expect(mail!.html).toContain(`href="${adminLink}"`);

    expect(order.deliveries).toMatchObject({ sheet: { state: 'sent' }, email: { state: 'sent', attempts: 1 } });
    expect(await deliveredRows(stack, partOrder['x-relay'].sheet, data.partName)).toHaveLength(1);
  });

  test('hostile text in a field adds no header, address or markup to the mail', async () => {
    const fullName = 'Ali <script>alert(1)</script>\r\nBcc: thief@example.com\r\nX-Injected: yes';
    const submissionId = randomUUID();
    const response = await submit(stack, tractorOrder.$id, { ...tractorOrder.examples[0]!, fullName }, submissionId);
    expect(response.status).toBe(201);

    const [mail] = await deliveredMails(stack, submissionId);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toContain('Ali <script>alert(1)</script> Bcc: thief@example.com X-Injected: yes');
    expect({ to: mail!.to, cc: mail!.cc, bcc: mail!.bcc, replyTo: mail!.replyTo, headers: mail!.headers }).toEqual({
      to: stack.staffEmails,
      cc: [],
      bcc: [],
      replyTo: [],
      headers: [],
    });
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('Ali &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('a newsletter subscription is not mailed to staff', async () => {
    const submissionId = randomUUID();
    expect((await submit(stack, newsletter.$id, newsletter.examples[0]!, submissionId)).status).toBe(201);
    await expect.poll(async () => (await stored(submissionId)).deliveries.sheet?.state, { timeout: 15_000 }).toBe('sent');
    expect((await stored(submissionId)).deliveries).not.toHaveProperty('email');
    expect(await mailsAbout(stack, submissionId)).toEqual([]);
  });
});

describe('the mail service is down', () => {
  test('the sheet row still arrives; the mail is sent once the service is back, with its error kept meanwhile', async () => {
    const data = { ...tractorOrder.examples[0]!, fullName: `Yacine Ferhat ${randomUUID().slice(0, 8)}` };
    const submissionId = randomUUID();
    await setMailFailure(stack.endpoints.ses, { status: 503 });
    try {
      expect((await submit(stack, tractorOrder.$id, data, submissionId)).status).toBe(201);
      expect(await deliveredRows(stack, tractorOrder['x-relay'].sheet, data.fullName)).toHaveLength(1);
      await expect
        .poll(async () => (await stored(submissionId)).deliveries.email, { timeout: 10_000 })
        .toMatchObject({ state: 'failing', lastError: expect.stringContaining('SES answered 503') });
      expect(await mailsAbout(stack, submissionId)).toEqual([]);
    } finally {
      await setMailFailure(stack.endpoints.ses, undefined);
    }
    expect(await deliveredMails(stack, submissionId)).toHaveLength(1);
    expect((await stored(submissionId)).deliveries).toMatchObject({ sheet: { state: 'sent', attempts: 1 }, email: { state: 'sent' } });
    // The row was not sent again with the mail.
    expect(await deliveredRows(stack, tractorOrder['x-relay'].sheet, data.fullName)).toHaveLength(1);
  });
});

describe('no staff address is configured', () => {
  let quiet: LocalStack;
  let quietDir: string;

  beforeAll(async () => {
    ({ stack: quiet, dataDir: quietDir } = await startTestStack({ deliveryPollMs: 100, relayWritesPerMinute: 0, staffEmails: [] }));
  });

  afterAll(async () => {
    await quiet?.stop();
    await removeTempDir(quietDir);
  });

  test('an order owes no e-mail delivery and no mail is sent', async () => {
    const data = { ...tractorOrder.examples[0]!, fullName: `Nadia Saidi ${randomUUID().slice(0, 8)}` };
    const submissionId = randomUUID();
    expect((await submit(quiet, tractorOrder.$id, data, submissionId)).status).toBe(201);
    expect(await deliveredRows(quiet, tractorOrder['x-relay'].sheet, data.fullName)).toHaveLength(1);
    const quietDocuments = documentClient(quiet);
    try {
      const item = (await storedSubmission(quietDocuments, quiet, submissionId)) as unknown as Submission;
      expect(Object.keys(item.deliveries).sort()).toEqual(['push', 'search', 'sheet']);
    } finally {
      quietDocuments.destroy();
    }
    expect(await readdir(quiet.mailDir)).toEqual([]);
  });
});
