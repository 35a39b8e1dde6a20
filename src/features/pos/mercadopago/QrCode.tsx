/**
 * The order's QR (its EMVCo text) drawn as SVG, big enough to scan from across the counter. Built
 * synchronously in the render that shows the charge (no image to decode, no extra frame): the encoder
 * lives in this lazy chunk, never in the /pos entry.
 */
import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET = 2;

export function QrCode({ data, size = 280 }: { data: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { path: d, side: modules.size + QUIET * 2 };
  }, [data]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" role="img" aria-label="QR de Mercado Pago para escanear" data-testid="mp-qr" style={{ background: '#fff' }}>
      <path d={path} fill="#000" />
    </svg>
  );
}
