import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { emailChannel } from '../../lambdas/deliveries/email-channel';
import { composeStaffMail } from '../../lambdas/deliveries/staff-mail';
import { createSesMailer, MailError, type Mailer, type OutgoingMail } from '../../lambdas/deliveries/mailer';
import { fingerprint, newSubmission } from '../../lambdas/submissions/record';
import { fieldLabel } from '../../shared/forms/fields';
import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import type { Language } from '../../shared/languages';
import type { Submission } from '../../shared/submissions';

const schemaOf = async (formId: string) => (await loadBundledFormSchema('form-schemas', formId))!;
const siteUrl = 'https://dealer.example';
const photos = [
  'https://dealer.example/uploads/part-wheeled-tractor/cb8fa9b3-afcb-4abf-92ad-551f0ae26049.jpg',
  'https://dealer.example/uploads/part-wheeled-tractor/9724edf3-06a8-4bec-aff8-f5e43aa402cc.jpg',
];

function submission(schema: FormSchema, data: FormData, orderId = '0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f'): Submission {
  return newSubmission({
    formId: schema.$id,
    schema,
    orderId,
    language: 'ar',
    data,
    fingerprint: fingerprint(data),
    createdAt: '2026-11-23T17:05:00.000Z',
    deliveries: ['sheet', 'email'],
  });
}

async function partOrder(overrides: FormData = {}) {
  const schema = await schemaOf('part-wheeled-tractor');
  return { schema, order: submission(schema, { ...schema.examples[0]!, images: photos, ...overrides }) };
}

describe('the staff mail', () => {
  it('names the form, the farmer, every field under its label, the photos, the time in Algiers and the admin link', async () => {
    const { schema, order } = await partOrder();
    const mail = composeStaffMail(order, schema, { language: 'fr', siteUrl });

    expect(mail.subject).toBe('Nouvelle demande : Commander une pièce de tracteur — Karim Benali, Setif');
    expect(mail.text).toBe(
      [
        'Commander une pièce de tracteur',
        'Reçue le 23 novembre 2026 à 18:05',
        '',
        'Nom complet : Karim Benali',
        'Wilaya : 19 - Sétif',
        'Téléphone : 0555 12 34 56',
        '',
        'Détails :',
        'Nom de la pièce : Pompe hydraulique',
        'Tracteur : Sonalika DI75 4x4',
        'Année du tracteur : 2019',
        'Emplacement de la pièce : Boîte de vitesses',
        'Photos de la pièce :',
        `  ${photos[0]}`,
        `  ${photos[1]}`,
        '',
        "Ouvrir la demande dans l'administration :",
        'https://dealer.example/admin/orders/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f',
        '',
      ].join('\n'),
    );
    for (const url of photos) expect(mail.html).toContain(`<a href="${url}">`);
    expect(mail.html).toContain('<a href="tel:0555123456">0555 12 34 56</a>');
    expect(mail.html).toContain('href="https://dealer.example/admin/orders/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f"');
  });

  it.each(['ar', 'en'] as Language[])('speaks %s when the staff do, right to left for Arabic', async (language) => {
    const { schema, order } = await partOrder();
    const mail = composeStaffMail(order, schema, { language, siteUrl });
    expect(mail.subject).toContain(schema['x-title'][language]);
    for (const name of Object.keys(order.data)) expect(mail.text).toContain(fieldLabel(schema, name, language));
    expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
  });

  it('keeps visitor text out of the headers and the markup', async () => {
    const { schema, order } = await partOrder({
      fullName: 'Ali\r\nBcc: thief@example.com\u2028X-Injected: yes',
      partName: '<img src=x onerror=alert(1)> "quoted" & more\r\nsecond line',
    });
    const mail = composeStaffMail(order, schema, { language: 'fr', siteUrl });
    expect(mail.subject).toBe('Nouvelle demande : Commander une pièce de tracteur — Ali Bcc: thief@example.com X-Injected: yes, Setif');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; more\nsecond line');
    expect(mail.text).toContain('Nom de la pièce : <img src=x onerror=alert(1)> "quoted" & more\nsecond line');
    expect(mail.text).not.toContain('\r');
  });

  it('lists as photos only web links', async () => {
    const { schema, order } = await partOrder({ images: [photos[0], 'javascript:alert(1)', 'https://dealer.example/a b"><script>'] });
    const mail = composeStaffMail(order, schema, { language: 'en', siteUrl });
    expect(mail.html).toContain(`<a href="${photos[0]}">`);
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('<script>');
  });

  it('keeps a long subject short, with the form named first', async () => {
    const { schema, order } = await partOrder({ fullName: 'Abdelkader '.repeat(30).trim() });
    const { subject } = composeStaffMail(order, schema, { language: 'fr', siteUrl });
    expect(subject.length).toBeLessThanOrEqual(150);
    expect(subject).toMatch(/^Nouvelle demande : Commander une pièce de tracteur — Abdelkader .*…$/);
  });
});

/** A mailer that records what it sends and fails as told, mail by mail. */
function recordingMailer(failures: (MailError | undefined)[] = []) {
  const sent: OutgoingMail[] = [];
  let call = 0;
  const mailer: Mailer = {
    async send(mail) {
      const failure = failures[call++];
      if (failure) throw failure;
      sent.push(mail);
      return `message-${call}`;
    },
  };
  return { mailer, sent };
}

describe('the e-mail channel', () => {
  const to = ['sales@dealer.example'];

  it('sends one mail per submission, to the staff', async () => {
    const schema = await schemaOf('tractor-order');
    const orders = ['a', 'b', 'c'].map((id) => submission(schema, { ...schema.examples[0]!, fullName: `Farmer ${id}` }, id));
    const { mailer, sent } = recordingMailer();
    const outcomes = await emailChannel({ mailer, to, schemaOf, language: 'fr', siteUrl }).deliver(orders);
    expect([...outcomes.values()]).toEqual([{ state: 'sent' }, { state: 'sent' }, { state: 'sent' }]);
    expect(sent.map((mail) => mail.to)).toEqual([to, to, to]);
    expect(sent.map((mail) => mail.subject).sort()).toEqual(['a', 'b', 'c'].map((id) => expect.stringContaining(`Farmer ${id}`)));
  });

  it('keeps SES’s error for a failed mail, and lets the others go', async () => {
    const schema = await schemaOf('tractor-order');
    const orders = ['a', 'b'].map((id) => submission(schema, schema.examples[0]!, id));
    const { mailer, sent } = recordingMailer([new MailError('rejected', 'SES answered 400 (MessageRejected): Email address is not verified')]);
    const outcomes = await emailChannel({ mailer, to, schemaOf, language: 'fr', siteUrl, concurrency: 1 }).deliver(orders);
    expect(outcomes.get('a')).toEqual({ state: 'failed', error: 'SES answered 400 (MessageRejected): Email address is not verified' });
    expect(outcomes.get('b')).toEqual({ state: 'sent' });
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['throttles', new MailError('throttled', 'SES answered 429 (TooManyRequestsException)')],
    ['cannot be reached', new MailError('unavailable', 'SES unreachable: connect ETIMEDOUT')],
  ])('once SES %s, the mails not yet sent wait without an attempt counted', async (_case, failure) => {
    const schema = await schemaOf('tractor-order');
    const orders = ['a', 'b', 'c'].map((id) => submission(schema, schema.examples[0]!, id));
    const { mailer, sent } = recordingMailer([undefined, failure]);
    const outcomes = await emailChannel({ mailer, to, schemaOf, language: 'fr', siteUrl, concurrency: 1 }).deliver(orders);
    expect(outcomes.get('a')).toEqual({ state: 'sent' });
    expect(outcomes.get('b')).toMatchObject({ state: 'failed', error: failure.message });
    expect(outcomes.get('c')).toMatchObject({ state: 'deferred', retryAfterMs: expect.any(Number) });
    expect(sent).toHaveLength(1);
  });

  it('fails the mail of a form that no longer exists', async () => {
    const schema = await schemaOf('tractor-order');
    const { mailer, sent } = recordingMailer();
    const channel = emailChannel({ mailer, to, schemaOf: async () => undefined, language: 'fr', siteUrl });
    const outcomes = await channel.deliver([submission(schema, schema.examples[0]!, 'a')]);
    expect(outcomes.get('a')).toEqual({ state: 'failed', error: 'The form "tractor-order" no longer exists' });
    expect(sent).toEqual([]);
  });
});

describe('the SES mailer', () => {
  /** A client answering every call with this error. */
  const failingClient = (error: Error) => ({ send: async () => Promise.reject(error) }) as unknown as SESv2Client;
  const mail: OutgoingMail = { to: ['sales@dealer.example'], subject: 's', text: 't', html: '<p>h</p>' };
  const sesError = (name: string, status: number, message: string) =>
    Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

  it('sends simple content from the configured sender, to the given addresses only', async () => {
    const calls: unknown[] = [];
    const client = { send: async (command: { input: unknown }) => (calls.push(command.input), { MessageId: 'm-1' }) } as unknown as SESv2Client;
    expect(await createSesMailer(client, 'orders@dealer.example').send(mail)).toBe('m-1');
    expect(calls).toEqual([
      {
        FromEmailAddress: 'orders@dealer.example',
        Destination: { ToAddresses: ['sales@dealer.example'] },
        Content: {
          Simple: {
            Subject: { Data: 's', Charset: 'UTF-8' },
            Body: { Text: { Data: 't', Charset: 'UTF-8' }, Html: { Data: '<p>h</p>', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });

  it.each([
    [sesError('TooManyRequestsException', 429, 'Maximum sending rate exceeded.'), 'throttled', 'SES answered 429 (TooManyRequestsException): Maximum sending rate exceeded.'],
    [sesError('MessageRejected', 400, 'Email address is not verified.'), 'rejected', 'SES answered 400 (MessageRejected): Email address is not verified.'],
    [sesError('InternalFailure', 503, 'The mail service is down'), 'unavailable', 'SES answered 503 (InternalFailure): The mail service is down'],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8005'), { code: 'ECONNREFUSED' }), 'unavailable', 'SES unreachable: connect ECONNREFUSED 127.0.0.1:8005'],
  ])('tells why a mail was not sent (%s)', async (error, kind, message) => {
    const attempt = createSesMailer(failingClient(error), 'orders@dealer.example').send(mail);
    await expect(attempt).rejects.toThrow(MailError);
    await expect(attempt).rejects.toMatchObject({ kind, message });
  });
});
