/**
 * The simulator's WSFEv1 validation of one FECAEDetRequest, as ARCA enforces it (docs/reference/arca-wsfe.md §2):
 * numbering (last + 1) and the date window (±5 days of today in Argentina, never before the last
 * authorised date) → 10016; amount sums → 10048; IVA block rules (10018, 10071) and the tolerance
 * |Importe − round(BaseImp × rate, 2)| ≤ 0.01 → 10051; the receptor condition per class → 10242
 * (missing → observation 10246); letters per issuer condition and A needs a CUIT → 10013/10002;
 * documents and the consumidor-final threshold → 10015. Codes where ARCA's exact number is not
 * documented in docs/reference/arca-wsfe.md are marked (approx.).
 */
import { isValidCuit } from '../../../../domain/invoicing/cuit';
import { CONDICIONES_CLASE_A, CONDICIONES_CLASE_B, type IssuerTaxCondition } from '../../../../domain/invoicing/codes';
import type { ArcaErr } from '../errors';
import type { XmlNode } from '../xml';

const RATE_BY_ID: Record<number, number> = { 3: 0, 4: 10.5, 5: 21, 6: 27, 8: 5, 9: 2.5 };
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

export interface RuleContext {
  issuer: IssuerTaxCondition;
  cbteTipo: number;
  lastNumber: number;
  lastDate: string | null;
  todayArca: string;
  thresholdCents: number;
}

function daysBetween(a: string, b: string): number {
  const d = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8));
  return Math.round((d(a) - d(b)) / 86_400_000);
}

export interface RuleOutcome {
  errors: ArcaErr[];
  observations: ArcaErr[];
}

export function checkDetail(d: XmlNode, ctx: RuleContext): RuleOutcome {
  const errors: ArcaErr[] = [];
  const observations: ArcaErr[] = [];
  const rej = (code: number, msg: string) => observations.push({ code, msg });
  const nro = Number(d.CbteDesde);
  const fch = String(d.CbteFch ?? '');
  if (nro !== ctx.lastNumber + 1 || Number(d.CbteHasta) !== nro || !/^\d{8}$/.test(fch) || Math.abs(daysBetween(fch, ctx.todayArca)) > 5 || (ctx.lastDate !== null && fch < ctx.lastDate)) {
    errors.push({ code: 10016, msg: 'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.' });
    return { errors, observations };
  }
  const clase = ({ 1: 'A', 6: 'B', 11: 'C', 3: 'A', 8: 'B', 13: 'C' } as Record<number, string>)[ctx.cbteTipo] ?? '?';
  if (clase === '?') rej(10007, 'El campo CbteTipo no es un tipo de comprobante habilitado (approx.)');
  if ((ctx.issuer === 'monotributo') !== (clase === 'C')) rej(10002, `El emisor no esta habilitado para emitir comprobantes clase ${clase} (approx.)`);
  const docTipo = Number(d.DocTipo);
  const docNro = String(d.DocNro ?? '');
  if (clase === 'A' && docTipo !== 80) rej(10013, 'Para comprobantes clase A el campo DocTipo debe ser igual a 80 (CUIT)');
  if ((docTipo === 80 || docTipo === 86) && !isValidCuit(docNro)) rej(10015, 'El campo DocNro no es un CUIT/CUIL valido');
  if (docTipo === 99 && docNro !== '0') rej(10015, 'Para DocTipo 99 (consumidor final) DocNro debe ser 0');
  if (docTipo === 99 && cents(d.ImpTotal) >= ctx.thresholdCents) rej(10015, 'Operacion a consumidor final igual o superior al monto minimo: se debe identificar al receptor');
  const cond = d.CondicionIVAReceptorId === undefined ? null : Number(d.CondicionIVAReceptorId);
  if (cond === null) observations.push({ code: 10246, msg: 'Campo Condicion Frente al IVA del receptor es obligatorio conforme lo reglamentado por la Resolución General N° 5616' });
  else {
    const valid = clase === 'A' ? CONDICIONES_CLASE_A : clase === 'B' ? CONDICIONES_CLASE_B : [...CONDICIONES_CLASE_A, ...CONDICIONES_CLASE_B];
    if (!(valid as readonly number[]).includes(cond)) rej(10242, 'El campo Condicion Frente al IVA del receptor no es valido para la clase de comprobante informado');
  }
  const total = cents(d.ImpTotal);
  const parts = cents(d.ImpTotConc) + cents(d.ImpNeto) + cents(d.ImpOpEx) + cents(d.ImpTrib) + cents(d.ImpIVA);
  if (total !== parts) rej(10048, 'El campo ImpTotal debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA');
  const alic: XmlNode[] = d.Iva?.AlicIva ?? [];
  if (clase === 'C') {
    if (alic.length || cents(d.ImpIVA) !== 0) rej(10071, 'Para comprobantes tipo C el objeto IVA no debe informarse');
  } else {
    if (cents(d.ImpIVA) > 0 && alic.length === 0) rej(10018, 'Si ImpIva es mayor a 0 el objeto Iva es obligatorio');
    if (alic.length) {
      const sumIva = alic.reduce((a, x) => a + cents(x.Importe), 0);
      const sumBase = alic.reduce((a, x) => a + cents(x.BaseImp), 0);
      if (sumIva !== cents(d.ImpIVA)) rej(10023, 'La suma de los importes de AlicIva debe ser igual a ImpIVA (approx.)');
      if (sumBase !== cents(d.ImpNeto)) rej(10061, 'La suma de las bases imponibles de AlicIva debe ser igual a ImpNeto (approx.)');
      for (const x of alic) {
        const rate = RATE_BY_ID[Number(x.Id)];
        if (rate === undefined) rej(10019, 'El Id de alicuota de IVA no es valido (approx.)');
        else if (Math.abs(cents(x.Importe) - Math.round((cents(x.BaseImp) * rate) / 100)) > 1) rej(10051, 'Los importes informados en AlicIva no se corresponden con el porcentaje');
      }
    }
  }
  if (observations.length === 0 && clase === 'A' && cond !== null && cond !== 1) {
    observations.push({ code: 10217, msg: 'El credito fiscal discriminado en el presente comprobante solo podra ser computado a efectos del Procedimiento permanente de transicion al Regimen General.' });
  }
  return { errors, observations };
}

/** True when the outcome rejects the comprobante (observation 10217/10246 alone do not). */
export const isRejected = (o: RuleOutcome) => o.errors.length > 0 || o.observations.some((x) => x.code !== 10217 && x.code !== 10246);
