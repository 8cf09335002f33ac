import type { ContentOverrides } from '../../../shared/content/model';
import { contentDataElementId as elementId } from '../../../shared/content/renderer';

/**
 * Staff's changes travel inside each published page, as JSON data (never
 * run, so no script hash depends on them): the browser reads them before it
 * hydrates and renders the same texts and prices as the HTML.
 */

/** The data element for a page; nothing when there is no change (the build's own pages). */
export function contentScript(overrides: ContentOverrides): string {
  if (Object.keys(overrides).length === 0) return '';
  // "<" escaped: no text staff write can close the element.
  const json = JSON.stringify(overrides).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${elementId}">${json}</script>`;
}

/** The changes the page carries; none when it has no data element. */
export function readContentScript(document: Document): ContentOverrides {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as ContentOverrides;
  } catch {
    return {};
  }
}
