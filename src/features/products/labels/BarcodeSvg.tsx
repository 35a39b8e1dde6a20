/**
 * A product code's bars as SVG, drawn by JsBarcode (MIT, 3.12.3, pinned): EAN-13/EAN-8 with their guard
 * bars, Code 128 (automatic A/B/C) otherwise, as domain/barcodes.ts decides. Invariants: 1 SVG unit = 1
 * module, with a quiet zone of 11 modules on each side inside the drawing; the module is at most 0.33 mm
 * (EAN's nominal size) and shrinks only so the bars fit `maxWidthMm`; the human-readable code is plain text
 * under the bars. This module (and JsBarcode) is only reached from the lazy labels dialog.
 */
import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';
import type { Symbology } from '../../../../domain/barcodes';

const FORMATS: Record<Symbology, string> = { ean13: 'EAN13', ean8: 'EAN8', code128: 'CODE128' };
const QUIET_ZONE = 11;
const NOMINAL_MODULE_MM = 0.33;

export function BarcodeSvg({ code, symbology, maxWidthMm, heightMm }: { code: string; symbology: Symbology; maxWidthMm: number; heightMm: number }) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    JsBarcode(svg, code, { format: FORMATS[symbology], width: 1, height: 100, displayValue: false, margin: 0, marginLeft: QUIET_ZONE, marginRight: QUIET_ZONE, flat: true, background: '#ffffff', lineColor: '#000000' });
    const units = svg.viewBox.baseVal.width;
    const moduleMm = Math.min(NOMINAL_MODULE_MM, maxWidthMm / units);
    svg.removeAttribute('x');
    svg.removeAttribute('y');
    svg.setAttribute('width', `${(units * moduleMm).toFixed(3)}mm`);
    svg.setAttribute('height', `${heightMm}mm`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('shape-rendering', 'crispEdges');
  }, [code, symbology, maxWidthMm, heightMm]);
  return <svg ref={ref} role="img" aria-label={`Código de barras ${code}`} data-symbology={symbology} className="label-bars" />;
}
