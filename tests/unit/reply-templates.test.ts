import { describe, expect, it } from 'vitest';
import { internationalPhoneDigits } from '../../shared/forms/phone-number';
import { defaultReplyTemplates, fillReplyTemplate, unknownPlaceholder } from '../../shared/reply-templates';
import { replyLinks } from '../../web/admin/features/orders/reply-links';

/** What the order page's answer buttons open: the farmer's number as WhatsApp and SMS take it, and the message written. */

describe('internationalPhoneDigits', () => {
  it.each([
    ['0661 23 45 67', '213661234567'],
    ['+213 (0) 661 23 45 67', '213661234567'],
    ['٠٥٥٥ ١٢ ٣٤ ٥٦', '213555123456'],
    ['021 23 45 67', '21321234567'],
    ['+33 6 12 34 56 78', '33612345678'],
    ['0033612345678', '33612345678'],
  ])('%s → %s', (typed, digits) => expect(internationalPhoneDigits(typed)).toBe(digits));

  it('has none for what is not a phone number', () => {
    for (const typed of [undefined, '', 'abc', '0555 12']) expect(internationalPhoneDigits(typed)).toBeUndefined();
  });
});

describe('the message', () => {
  const values = { name: 'Karim Benali', item: 'Sonalika DI75', dealerName: 'Matériel Agricole', dealerPhone: '+213 36 00 00 00' };

  it('takes the order’s and the dealer’s details in the farmer’s language', () => {
    expect(fillReplyTemplate(defaultReplyTemplates.fr, values)).toBe(
      'Bonjour Karim Benali, merci pour votre demande (Sonalika DI75). Ici Matériel Agricole : nous revenons vers vous à ce sujet. Pour nous joindre : +213 36 00 00 00',
    );
  });

  it('leaves out a detail the order does not have, with its space and brackets', () => {
    expect(fillReplyTemplate('Hello {name}, about your request ({item}).', { ...values, name: undefined, item: ' ' })).toBe('Hello, about your request.');
  });

  it('names the first unknown placeholder, braces included', () => {
    expect(unknownPlaceholder('Bonjour {name}, {nom} et {dealer}')).toBe('{nom}');
    expect(unknownPlaceholder('Bonjour {}')).toBe('{}');
    for (const template of Object.values(defaultReplyTemplates)) expect(unknownPlaceholder(template)).toBeUndefined();
  });

  it('is written into the SMS and WhatsApp links, the number in international form', () => {
    const links = replyLinks('213661234567', 'سلام عليكم & merci ?');
    expect(links.call).toBe('tel:+213661234567');
    expect(links.whatsapp).toBe(`https://wa.me/213661234567?text=${encodeURIComponent('سلام عليكم & merci ?')}`);
    expect(new URL(links.whatsapp).searchParams.get('text')).toBe('سلام عليكم & merci ?');
    expect(new URL(links.sms.replace('sms:', 'sms://')).searchParams.get('body')).toBe('سلام عليكم & merci ?');
  });
});
