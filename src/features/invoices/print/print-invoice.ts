/**
 * Printing an invoice: A4 on a sheet, or 80 mm on a roll exactly as tall as the ticket (Chromium rejects
 * `size: 80mm auto`, so the height is measured and written into the named page's rule).
 */
export type PrintFormat = 'a4' | '80mm';

let pageRule: HTMLStyleElement | null = null;
const MM_PER_CSS_PX = 25.4 / 96;

export function printInvoice(format: PrintFormat): void {
  if (!pageRule) {
    pageRule = document.createElement('style');
    document.head.append(pageRule);
  }
  if (format === '80mm') {
    const ticket = document.querySelector<HTMLElement>('.invoice-print');
    const heightMm = Math.ceil((ticket?.offsetHeight ?? 0) * MM_PER_CSS_PX) + 1;
    pageRule.textContent = `@page invoice-80mm { size: 80mm ${Math.max(heightMm, 50)}mm; margin: 0; }`;
  } else {
    pageRule.textContent = '';
  }
  document.body.classList.add('invoice-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('invoice-printing'), { once: true });
  window.print();
}
