import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';

/**
 * Sends e-mail through SES v2 (`SendEmail`, simple content: SES builds the
 * message and its headers). The same call reaches the local stand-in
 * (infra/local/mailbox.ts) through SES_ENDPOINT.
 */

export type MailFailureKind =
  /** SES asks to slow down (its sending rate): nothing is wrong with the mail. */
  | 'throttled'
  /** SES could not be reached, did not answer in time, or failed (5xx): no mail goes for now. */
  | 'unavailable'
  /** SES refused this mail (4xx); the error says why. */
  | 'rejected';

export class MailError extends Error {
  constructor(
    readonly kind: MailFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one mail; answers SES's message id, throws MailError. */
  send(mail: OutgoingMail): Promise<string>;
}

export function createSesMailer(client: SESv2Client, from: string): Mailer {
  return {
    async send({ to, subject, text, html }) {
      try {
        const { MessageId } = await client.send(
          new SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: to },
            Content: {
              Simple: {
                Subject: { Data: subject, Charset: 'UTF-8' },
                Body: { Text: { Data: text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
              },
            },
          }),
        );
        return MessageId ?? '';
      } catch (error) {
        throw mailError(error);
      }
    },
  };
}

function mailError(error: unknown): MailError {
  const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
  const status = $metadata?.httpStatusCode;
  if (name === 'TooManyRequestsException' || status === 429) {
    return new MailError('throttled', `SES answered ${status ?? 429} (${name}): ${message}`);
  }
  if (status === undefined) return new MailError('unavailable', `SES unreachable: ${message}`);
  return new MailError(status >= 500 ? 'unavailable' : 'rejected', `SES answered ${status} (${name})${message ? `: ${message}` : ''}`);
}
