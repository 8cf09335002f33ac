import type { Localized } from './languages';

/**
 * The message staff send a farmer by SMS or WhatsApp from an order, one per
 * language, written in the farmer's language. Admins change the wording; a
 * placeholder in braces takes the order's or the dealer's details.
 */

export const replyPlaceholders = ['name', 'item', 'dealerName', 'dealerPhone'] as const;
export type ReplyPlaceholder = (typeof replyPlaceholders)[number];

/** The longest template staff may save (an SMS of a few parts, a short WhatsApp message). */
export const maxReplyTemplateLength = 1_000;

export const defaultReplyTemplates: Localized = {
  ar: 'السلام عليكم {name}، شكرًا على طلبكم ({item}). معكم {dealerName}، نتواصل معكم بخصوصه. للاتصال بنا: {dealerPhone}',
  fr: 'Bonjour {name}, merci pour votre demande ({item}). Ici {dealerName} : nous revenons vers vous à ce sujet. Pour nous joindre : {dealerPhone}',
  en: 'Hello {name}, thank you for your request ({item}). This is {dealerName}: we are getting back to you about it. To reach us: {dealerPhone}',
};

const placeholderPattern = /\{([^{}]*)\}/g;

const isPlaceholder = (name: string): name is ReplyPlaceholder => (replyPlaceholders as readonly string[]).includes(name);

/** The first placeholder of the template that is none of {@link replyPlaceholders}, braces included (`{nom}`). */
export function unknownPlaceholder(template: string): string | undefined {
  for (const [whole, name] of template.matchAll(placeholderPattern)) {
    if (!isPlaceholder(name!)) return whole;
  }
  return undefined;
}

/**
 * The template with each placeholder replaced by its value; one without a
 * value (an order with no name) is left out, with the space before it and
 * the brackets around it.
 */
export function fillReplyTemplate(template: string, values: Partial<Record<ReplyPlaceholder, string>>): string {
  return template
    .replace(/([ \t]*)\{([^{}]*)\}/g, (whole, space: string, name: string) => {
      if (!isPlaceholder(name)) return whole;
      const value = values[name]?.trim();
      return value ? `${space}${value}` : '';
    })
    .replace(/[ \t]*\(\s*\)/g, '')
    .trim();
}

/** Why a template is refused, naming the placeholder, in the staff member's language. */
export function unknownPlaceholderMessage(placeholder: string): Localized {
  const known = replyPlaceholders.map((name) => `{${name}}`).join(' ');
  return {
    ar: `العنصر ${placeholder} غير معروف في الرسالة. العناصر الممكنة: ${known}`,
    fr: `Le champ ${placeholder} du message est inconnu. Champs possibles : ${known}`,
    en: `The message's placeholder ${placeholder} is unknown. Placeholders you can use: ${known}`,
  };
}
