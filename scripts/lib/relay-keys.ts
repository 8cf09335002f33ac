import { readFormSheets } from '../../shared/forms/schema-files';
import { parseRelayUrls } from '../../lambdas/lib/config';

/**
 * The sheet keys the relay secret must hold: one per `x-relay.sheet` of the
 * form schemas, with the forms whose rows go to that sheet
 * (docs/operations.md, "The relay").
 */
export interface SheetKey {
  sheet: string;
  /** The forms sending their rows there: id and English title. */
  forms: { id: string; title: string }[];
}

export async function readSheetKeys(formSchemasDir: string): Promise<SheetKey[]> {
  return (await readFormSheets(formSchemasDir)).map(({ sheet, forms }) => ({ sheet, forms: forms.map(({ id, title }) => ({ id, title: title.en })) }));
}

/** What a key's entry in the skeleton holds until the operator writes its relay address. */
export const placeholderUrl = (sheet: string) => `https://<relay>/google_sheets/<the relay's key of the ${sheet} sheet>`;

/** The secret's JSON with every key and a placeholder address, to fill and store (docs/operations.md). */
export function relaySecretSkeleton(keys: SheetKey[]): string {
  return JSON.stringify(Object.fromEntries(keys.map(({ sheet }) => [sheet, placeholderUrl(sheet)])), null, 2);
}

/** How a relay secret's value stands against the sheet keys. */
export interface RelaySecretReview {
  /** Whether the delivery worker can read it at all: one malformed entry stops every sheet's deliveries. */
  readable: boolean;
  /** Entries that are not http(s) addresses (a skeleton's placeholders left in, a typo), with the worker's words. */
  malformed: string[];
  /** Sheet keys of the forms with no address: their orders wait (and alarm) until one is added. */
  missing: SheetKey[];
  /** Keys no form uses (a misspelt key, or a form removed). */
  unused: string[];
}

export function reviewRelaySecret(value: string, keys: SheetKey[]): RelaySecretReview {
  const problems: string[] = [];
  const urls = parseRelayUrls(value.trim(), problems);
  if (!value.trim()) problems.push('the secret is empty');
  const known = new Set(keys.map(({ sheet }) => sheet));
  return {
    readable: problems.length === 0,
    malformed: problems,
    missing: keys.filter(({ sheet }) => !urls[sheet]),
    unused: Object.keys(urls).filter((sheet) => !known.has(sheet)),
  };
}
