/**
 * The «Comprobante de devolución» for the browser's print dialog: the same blocks the thermal printer gets
 * (domain/printing/return-slip.ts at 80 mm), drawn as HTML on an 80 mm page as tall as it is. Off-screen
 * and invisible until body.return-slip-printing, like the cash ticket and the account receipt.
 */
import './return-slip.css';
import { createPortal } from 'react-dom';
import { returnSlipLayout, type ReturnSlipInput } from '../../../../domain/printing/return-slip';

let pageRule: HTMLStyleElement | null = null;
const MM_PER_CSS_PX = 25.4 / 96;

/** Prints the slip on one 80 mm page as tall as it is. */
export function printReturnSlip(): void {
  const slip = document.querySelector<HTMLElement>('.return-slip');
  const heightMm = Math.ceil((slip?.offsetHeight ?? 0) * MM_PER_CSS_PX) + 1;
  pageRule ??= document.head.appendChild(document.createElement('style'));
  pageRule.textContent = `@page returnslip { size: 80mm ${Math.max(heightMm, 50)}mm; margin: 0; }`;
  document.body.classList.add('return-slip-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('return-slip-printing'), { once: true });
  window.print();
}

export function ReturnSlip({ input }: { input: ReturnSlipInput }) {
  const { blocks } = returnSlipLayout(input, '80');
  return createPortal(
    <div className="return-slip" data-testid="return-slip">
      {blocks.map((block, i) => {
        if (block.kind === 'rule') return <hr key={i} />;
        // The slip on paper from the browser: no fiscal QR, and the logo only on the roll.
        if (block.kind === 'qr' || block.kind === 'image') return null;
        const cls = ['line', block.bold ? 'bold' : '', block.large ? 'large' : ''];
        if (block.kind === 'row') {
          return (
            <div key={i} className={[...cls, 'row'].join(' ')}>
              <span>{block.left}</span>
              <span className="amount">{block.right}</span>
            </div>
          );
        }
        return (
          <div key={i} className={[...cls, block.align === 'center' ? 'center' : ''].join(' ')}>
            {block.text || '\u00a0'}
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
