import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { escapeHtml } from '../../shared/html';
import { controlFailure, failureControlPath } from './failure-control';
import { readBody, sendJson } from './http-utils';
import { closeServer, listen } from './ports';

/**
 * SES stand-in: takes SES v2's `SendEmail` (`POST /v2/email/outbound-emails`,
 * the SDK's JSON body, simple content) and answers like SES with a
 * `MessageId`. Nothing leaves the machine: each mail is written to
 * `{dir}/<time>-<id>.json`, and `GET /` is a page listing them, newest
 * first, each readable as text and as HTML. `PUT /__control/failure` with
 * `{ "status": 503 }` (or 429, SES's "too many requests") makes it refuse
 * every mail until `DELETE /__control/failure`.
 */

export interface LocalMailbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What the stand-in keeps of a mail: what SES would have sent, and when. */
export interface StoredMail {
  messageId: string;
  receivedAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Headers the caller added (SES's `Content.Simple.Headers`). */
  headers: { Name: string; Value: string }[];
}

/** SES takes messages up to 40 MB; a staff mail is a few KB. */
const maxBodyBytes = 10 * 1024 * 1024;
/** The page lists this many; the folder keeps them all. */
const listedMails = 200;
const mailFile = /^[\w.-]+\.json$/;
/** The error names the SDK reads from `x-amzn-ErrorType`, by status. */
const errorTypes: Record<number, string> = {
  400: 'BadRequestException',
  404: 'NotFoundException',
  429: 'TooManyRequestsException',
};

export async function startMailbox({ dir, port }: { dir: string; port: number }): Promise<LocalMailbox> {
  await mkdir(dir, { recursive: true });
  let failureStatus: number | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://mailbox.local');
    if (pathname === failureControlPath) return controlFailure(req, res, (status) => (failureStatus = status));
    if (pathname === '/v2/email/outbound-emails' && req.method === 'POST') {
      if (failureStatus) {
        req.resume();
        return sesError(res, failureStatus, 'The mail service is down on purpose');
      }
      const read = await readBody(req, maxBodyBytes);
      if (read.tooLarge) return sesError(res, 400, `The message is larger than ${maxBodyBytes} bytes`);
      const mail = parseSendEmail(read.body);
      if (typeof mail === 'string') return sesError(res, 400, mail);
      await writeFile(path.join(dir, `${mail.receivedAt.replace(/:/g, '-')}-${mail.messageId}.json`), `${JSON.stringify(mail, null, 2)}\n`);
      return sendJson(res, 200, { MessageId: mail.messageId });
    }
    if (req.method !== 'GET') return sesError(res, 404, `No such operation: ${req.method} ${pathname}`);
    if (pathname === '/') return sendHtml(res, 200, await listPage(dir));
    const file = /^\/mails\/([^/]+)$/.exec(pathname)?.[1];
    if (file && mailFile.test(file)) {
      const mail = await readMail(path.join(dir, file));
      if (mail) return sendHtml(res, 200, mailPage(mail));
    }
    return sendHtml(res, 404, page('Not found', '<p>No such mail. <a href="/">All mails</a></p>'));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[mailbox]', error);
      if (!res.headersSent) sesError(res, 500, 'The mail stand-in failed to handle the request');
      else res.destroy();
    });
  });
  const bound = await listen(server, port, 'SES (mailbox)');
  const url = `http://127.0.0.1:${bound}`;
  return { url, port: bound, close: () => closeServer(server) };
}

/** The mails the stand-in received, oldest first. */
export async function readMails(dir: string): Promise<StoredMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => mailFile.test(file)).sort();
  const mails = await Promise.all(files.map((file) => readMail(path.join(dir, file))));
  return mails.filter((mail): mail is StoredMail => mail !== undefined);
}

/** The request as SES reads it, or why SES would refuse it. */
function parseSendEmail(body: Buffer): StoredMail | string {
  let request: SendEmailRequest;
  try {
    request = JSON.parse(body.toString('utf8')) as SendEmailRequest;
  } catch {
    return 'The body is not valid JSON';
  }
  const simple = request?.Content?.Simple;
  if (!simple) return 'The local stand-in takes simple content only (Content.Simple)';
  const to = request.Destination?.ToAddresses ?? [];
  const cc = request.Destination?.CcAddresses ?? [];
  const bcc = request.Destination?.BccAddresses ?? [];
  if (!request.FromEmailAddress) return 'FromEmailAddress is required';
  if (to.length + cc.length + bcc.length === 0) return 'Destination needs at least one address';
  if (!simple.Subject?.Data) return 'Content.Simple.Subject.Data is required';
  if (!simple.Body?.Text?.Data && !simple.Body?.Html?.Data) return 'Content.Simple.Body needs Text or Html';
  return {
    messageId: `local-${randomUUID()}`,
    receivedAt: new Date().toISOString(),
    from: request.FromEmailAddress,
    to,
    cc,
    bcc,
    replyTo: request.ReplyToAddresses ?? [],
    subject: simple.Subject.Data,
    text: simple.Body.Text?.Data,
    html: simple.Body.Html?.Data,
    headers: simple.Headers ?? [],
  };
}

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: { Name: string; Value: string }[];
    };
  };
}

async function readMail(file: string): Promise<StoredMail | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredMail;
  } catch {
    return undefined;
  }
}

/** An error as SES v2 answers it: the SDK names the exception from `x-amzn-ErrorType`. */
function sesError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': errorTypes[status] ?? 'InternalFailure' });
}

async function listPage(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((file) => mailFile.test(file)).sort().reverse();
  const mails = await Promise.all(files.slice(0, listedMails).map(async (file) => ({ file, mail: await readMail(path.join(dir, file)) })));
  const rows = mails
    .filter((entry): entry is { file: string; mail: StoredMail } => entry.mail !== undefined)
    .map(
      ({ file, mail }) =>
        `<tr><td>${escapeHtml(mail.receivedAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(mail.to.join(', '))}</td>` +
        `<td><a href="/mails/${encodeURIComponent(file)}">${escapeHtml(mail.subject)}</a></td></tr>`,
    );
  const count = files.length > listedMails ? `the newest ${listedMails} of ${files.length}` : String(files.length);
  return page(
    'Mails sent',
    `<p>${count} mail(s), kept in <code>${escapeHtml(dir)}</code>. This page reloads every 5 seconds.</p>` +
      (rows.length > 0
        ? `<table><thead><tr><th>received (UTC)</th><th>to</th><th>subject</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '<p>No mail yet.</p>'),
    '<meta http-equiv="refresh" content="5">',
  );
}

function mailPage(mail: StoredMail): string {
  const field = (name: string, value: string) => `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`;
  const fields = [
    field('From', mail.from),
    field('To', mail.to.join(', ')),
    ...(mail.cc.length > 0 ? [field('Cc', mail.cc.join(', '))] : []),
    ...(mail.bcc.length > 0 ? [field('Bcc', mail.bcc.join(', '))] : []),
    ...(mail.replyTo.length > 0 ? [field('Reply-To', mail.replyTo.join(', '))] : []),
    ...mail.headers.map((header) => field(escapeHtml(header.Name), header.Value)),
    field('Date', mail.receivedAt),
    field('Message id', mail.messageId),
  ];
  // The mail's HTML runs in a sandbox: no scripts, no access to this page; links open in a new tab.
  const html = mail.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(`<base target="_blank">${mail.html}`)}"></iframe>`
    : '';
  const text = mail.text ? `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>` : '';
  return page(mail.subject, `<p><a href="/">All mails</a></p><table>${fields.join('')}</table>${html}${text}`);
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem}table{border-collapse:collapse}th,td{text-align:start;padding:.25rem .75rem .25rem 0;vertical-align:top}iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f5f5f5;padding:1rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    // The mails' own HTML is only ever shown inside the sandboxed frame.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; base-uri 'none'",
  });
  res.end(html);
}
