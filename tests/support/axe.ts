import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical violations of WCAG 2.1 A/AA on the page as
 * it is now, one line each. Legacy mode runs axe in the page itself: the
 * default opens a blank page for every check to merge the frames' results,
 * which made a check two to three times slower, and the only other frame a
 * page has is the map's, which is not the site's to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
