import type { ContentOverrides } from '../../../shared/content/model';
import { contentDataElementId as elementId, type PageContent } from '../../../shared/content/renderer';

/**
 * Staff's changes to the parts of the content a page shows travel inside the
 * page, as JSON data (never run, so no script hash depends on them): the
 * browser reads them before it hydrates and renders the same texts and
 * prices as the HTML. What the page does not show comes from the site's
 * content file when asked for (web/shared/content/content.tsx).
 */

/** The data element of a page. */
export function contentScript(content: PageContent): string {
  // "<" escaped: no text staff write can close the element.
  const json = JSON.stringify({ parts: content.parts, overrides: content.overrides }).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${elementId}">${json}</script>`;
}

/** The content the page carries; all of it, the typed defaults, when it has no data element (the dev server's pages). */
export function readContentScript(document: Document): PageContent {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return { overrides: {} };
  try {
    const data = JSON.parse(text) as { parts?: unknown; overrides?: unknown };
    if (!Array.isArray(data.parts) || typeof data.overrides !== 'object' || data.overrides === null) return { overrides: {}, parts: [] };
    return { overrides: data.overrides as ContentOverrides, parts: data.parts as PageContent['parts'] };
  } catch {
    // Unreadable: every part is asked of the site's content file.
    return { overrides: {}, parts: [] };
  }
}
