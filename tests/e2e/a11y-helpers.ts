/** axe-core in a page: its critical and serious findings as readable lines (tests of issue #14 item 12). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** Critical and serious findings in the page (or in the element `within` selects), as "impact rule: target html" lines. */
export async function seriousFindings(page: Page, within?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would block a script tag.
  await page.evaluate(AXE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run(selector ? (document.querySelector(selector) as unknown as Document) : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .flatMap((v) => v.nodes.map((node) => `${v.impact} ${v.id}: ${node.target.join(' ')} ${node.html.slice(0, 140)}`));
  }, within);
}
