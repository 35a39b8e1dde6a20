/**
 * axe-core in a page: its critical and serious findings as readable lines (tests of issue #14 item 12).
 * The light and dark themes render the same DOM with other colours, so a check in the dark theme runs
 * only the rules that read colours (COLOUR_RULES); the light one runs every rule.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** The axe rules whose outcome depends on the colours on screen. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Critical and serious findings in the page (or in the element `within` selects), as "impact rule: target html"
 * lines; `mode` 'dark' checks the colour rules only (see the header).
 */
export async function seriousFindings(page: Page, within?: string, mode: 'light' | 'dark' = 'light'): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would block a script tag. Once
  // per document: a screen reached inside the app keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(
    async ({ selector, only }) => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
      const options = only ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } } : { resultTypes: ['violations'] };
      const result = await axe.run(selector ? (document.querySelector(selector) as unknown as Document) : document, options);
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .flatMap((v) => v.nodes.map((node) => `${v.impact} ${v.id}: ${node.target.join(' ')} ${node.html.slice(0, 140)}`));
    },
    { selector: within, only: mode === 'dark' ? COLOUR_RULES : undefined },
  );
}
