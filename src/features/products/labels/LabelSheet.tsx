/**
 * Product labels on A4 (issue #35 item 5), printed with the browser's dialog («Guardar como PDF» too):
 * shelf labels of 63 × 38 mm, 3 × 7 a sheet (name, price big, barcode, code, date of the price) or
 * barcode-only labels of 47.5 × 25 mm, 4 × 11 a sheet. Each sheet is its own grid ending in a page break,
 * so no label is ever split between pages. Off-screen and invisible on screen; the only thing printed
 * while body.labels-printing (label-sheet.css, `@page labels` A4).
 */
import './label-sheet.css';
import { createPortal } from 'react-dom';
import type { LabelItem, LabelKind } from '../../../../domain/shelf-labels';
import { BarcodeSvg } from './BarcodeSvg';

export const LABELS_PER_SHEET: Record<LabelKind, number> = { shelf: 21, barcode: 44 };

function ShelfLabel({ label, dateText }: { label: LabelItem; dateText: string }) {
  return (
    <div className="label">
      <div className="label-name">{label.name}</div>
      <div className="label-price">{label.priceText}</div>
      {label.code && label.symbology && <BarcodeSvg code={label.code} symbology={label.symbology} maxWidthMm={57} heightMm={10} />}
      {label.code && <div className="label-code">{label.code}</div>}
      <div className="label-date">{dateText}</div>
    </div>
  );
}

function BarcodeLabel({ label }: { label: LabelItem }) {
  return (
    <div className="label">
      {label.code && label.symbology && <BarcodeSvg code={label.code} symbology={label.symbology} maxWidthMm={44} heightMm={15} />}
      <div className="label-code">{label.code}</div>
    </div>
  );
}

export function LabelSheet({ labels, kind, dateText }: { labels: LabelItem[]; kind: LabelKind; dateText: string }) {
  const perSheet = LABELS_PER_SHEET[kind];
  const sheets: LabelItem[][] = [];
  for (let i = 0; i < labels.length; i += perSheet) sheets.push(labels.slice(i, i + perSheet));
  return createPortal(
    <div className={`label-sheet label-sheet-${kind}`} data-testid="label-sheet">
      {sheets.map((sheet, index) => (
        <div className="label-page" key={index}>
          {sheet.map((label) => (kind === 'shelf' ? <ShelfLabel key={label.key} label={label} dateText={dateText} /> : <BarcodeLabel key={label.key} label={label} />))}
        </div>
      ))}
    </div>,
    document.body,
  );
}
