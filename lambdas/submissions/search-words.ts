import { fieldSchema } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import { imageField } from '../../shared/forms/uploads';
import { languages } from '../../shared/languages';
import { phoneSearchKey, type Submission } from '../../shared/submissions';
import { searchWords } from '../../shared/text/search-text';
import { fieldText } from './order-view';

/**
 * What the inbox's search compares (docs/decisions/0022-the-dealers-inbox.md):
 * an order's words (every field as staff read it in any language, and the
 * staff's notes) and its phone numbers; a search's words or phone number;
 * and the index terms that lead from one to the other. Words are compared as
 * shared/text/search-text.ts writes them, and a search word matches the
 * beginning of a word.
 */

/** The index holds word beginnings from this length... */
export const minTermLength = 2;
/** ...up to this one: a longer search word is looked up by its beginning, then checked whole. */
export const maxTermLength = 12;
/** A phone search needs this many digits; the index holds phone beginnings from this length. */
export const minPhoneDigits = 6;
/** Longer searches are refused (400). */
export const maxSearchLength = 200;
/** Words of a search beyond this many are not used. */
const maxSearchWords = 10;
/** An order's words beyond this many (a very long message) are checked but not indexed. */
const maxIndexedWords = 200;
const phonePrefix = 'tel:';
/** Phone beginnings are indexed up to this many digits (an international number has up to 15, after its 00). */
const maxPhoneTermLength = 17;

/** What a search looks for: words (each matched by the beginning of a word of the order), or a phone number, however typed. */
export type OrderSearch = { kind: 'words'; words: string[] } | { kind: 'phone'; key: string };

export type SearchParse =
  /** `search` is undefined when nothing searchable was typed (only punctuation, control characters): no order matches. */
  | { ok: true; search?: OrderSearch }
  | { ok: false; reason: 'tooLong' | 'tooShort' };

const phoneLike = /^[\s\d\u0660-\u0669\u06f0-\u06f9+().\-/]+$/;

/** The search a query string asks for. */
export function parseSearch(typed: string): SearchParse {
  if (typed.length > maxSearchLength) return { ok: false, reason: 'tooLong' };
  const digits = typed.replace(/[^\d\u0660-\u0669\u06f0-\u06f9]/g, '');
  if (phoneLike.test(typed) && digits.length >= minPhoneDigits) {
    const key = phoneSearchKey(typed.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf)));
    if (key && key.length >= minPhoneDigits) return { ok: true, search: { kind: 'phone', key } };
  }
  const words = searchWords(typed).slice(0, maxSearchWords);
  if (words.length === 0) return { ok: true };
  if (words.every((word) => word.length < minTermLength)) return { ok: false, reason: 'tooShort' };
  return { ok: true, search: { kind: 'words', words } };
}

/**
 * The index terms a search reads, the orders found under every one of them
 * being the candidates: its phone's beginning, or each word's (a word that
 * begins another adds nothing), longest first.
 */
export function lookupTerms(search: OrderSearch): string[] {
  if (search.kind === 'phone') return [`${phonePrefix}${search.key.slice(0, maxPhoneTermLength)}`];
  const terms = [...new Set(search.words.filter((word) => word.length >= minTermLength).map((word) => word.slice(0, maxTermLength)))];
  return terms.filter((term) => !terms.some((other) => other !== term && other.startsWith(term))).sort((a, b) => b.length - a.length);
}

/** What a search is compared with: an order's words and phone numbers. */
export interface SearchableOrder {
  words: string[];
  phoneKeys: string[];
}

/** The staff's notes on an order, every one ever written: they are all searched (and all unindexed when the order is deleted). */
export type OrderNotes = Pick<Submission, 'note' | 'notes' | 'history'>;

/** An order's words and phones: every field but photos, as written and, for a choice, as labelled in each language; then its notes. */
export function searchableOrder(submission: Pick<Submission, 'data'> & Partial<OrderNotes>, schema: FormSchema | undefined): SearchableOrder {
  const words = new Set<string>();
  const phoneKeys = new Set<string>();
  const addWords = (text: string) => searchWords(text).forEach((word) => words.add(word));
  for (const [name, value] of Object.entries(submission.data)) {
    if (value === undefined || value === null || value === '' || (schema && imageField(schema, name))) continue;
    const texts = new Set([fieldText(value, undefined, name, 'en'), ...languages.map((language) => fieldText(value, schema, name, language))]);
    texts.forEach(addWords);
    const phone = schema && fieldSchema(schema, name)?.['x-widget'] === 'tel' && typeof value === 'string' ? phoneSearchKey(value) : undefined;
    if (phone) phoneKeys.add(phone);
  }
  notesOf(submission).forEach(addWords);
  return { words: [...words], phoneKeys: [...phoneKeys] };
}

/** Every note text an order has had: its thread's, and, on an order older than the thread, its single note and each one it replaced (the history keeps them). */
export function notesOf(submission: Partial<OrderNotes>): string[] {
  const notes = new Set<string>();
  if (submission.note) notes.add(submission.note);
  for (const note of submission.notes ?? []) notes.add(note.text);
  for (const entry of submission.history ?? []) {
    if (entry.changes.note?.from) notes.add(entry.changes.note.from);
    if (entry.changes.note?.to) notes.add(entry.changes.note.to);
  }
  return [...notes];
}

/** The index terms of an order: the beginnings of its words, and of its phone numbers. */
export function searchTerms({ words, phoneKeys }: SearchableOrder): string[] {
  const terms = new Set<string>();
  for (const word of words.slice(0, maxIndexedWords)) {
    for (let length = minTermLength; length <= Math.min(word.length, maxTermLength); length++) terms.add(word.slice(0, length));
  }
  for (const key of phoneKeys) {
    for (let length = minPhoneDigits; length <= Math.min(key.length, maxPhoneTermLength); length++) terms.add(`${phonePrefix}${key.slice(0, length)}`);
  }
  return [...terms];
}

/** The index terms of a text added to an order (a staff note). */
export function textTerms(text: string): string[] {
  return searchTerms({ words: searchWords(text), phoneKeys: [] });
}

/** Whether the order matches: every search word begins one of its words, or one of its phones begins with the number searched. */
export function matchesSearch(search: OrderSearch, order: SearchableOrder): boolean {
  if (search.kind === 'phone') return order.phoneKeys.some((key) => key.startsWith(search.key));
  return search.words.every((typed) => order.words.some((word) => word.startsWith(typed)));
}
