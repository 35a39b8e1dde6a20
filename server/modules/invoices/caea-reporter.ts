/**
 * The CAEA reporter (issue #11). Invariants:
 * - Every CAEA invoice (the server's contingency rows and the devices' pushed ones) is informed with
 *   FECAEARegInformativo, in number order per (point of sale, type); a group stops at its first row that
 *   could not be settled now, so a later number never overtakes an earlier one.
 * - Idempotent: a row that was sent before (report_attempts > 0) is first looked up with FECompConsultar;
 *   ARCA holding the same comprobante with our CAEA → 'informada', never a second report nor a
 *   renumbering. The attempt count is committed BEFORE each send, in its own write unit; no unit spans a call.
 * - Rejected → 'rechazada' with ARCA's reason (the owner sees it). Transport errors → retried with backoff.
 * - A CAEA point of sale (the server's and each device's) that issued nothing in an ended fortnight is
 *   informed once with FECAEASinMovimientoInformar (recorded in caea_no_activity; Consultar first). A
 *   device's point waits until that device pushed after the fortnight ended with nothing left to send.
 */
import { addDays } from '../../../domain/invoicing/caea';
import type { Store } from '../../db/store';
import type { CaeaDetRequest } from '../../integrations/arca/caea';
import { ArcaServiceError, ArcaSoapFault, ArcaTransportError, ARCA_CODES, type ArcaErr } from '../../integrations/arca/errors';
import { sameComprobante, type FecaeDetRequest } from '../../integrations/arca/wsfe';
import { nextAttemptAt } from './backoff';
import { argentineToday, caeaClient, issuerKeyOf } from './caea-keeper';
import { caeaRepository } from './caea-repository';
import { invoicesRepository as repo, type InvoiceRow, type NewInvoiceRow } from './repository';
import type { ArcaRuntime, EffectiveArca } from './runtime';

type Outcome = 'done' | 'later';

export class CaeaReporter {
  constructor(
    private readonly store: Store,
    private readonly runtime: ArcaRuntime,
    private readonly retryBaseMs: number,
  ) {}

  /** Records one step of the row in its own write unit (never across an ARCA call). */
  private update(id: number, patch: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
    return this.store.write((tx) => repo.update(tx, id, patch));
  }

  /** Reports every due CAEA invoice of the configured issuer; returns how many were settled (informed or rejected). */
  async reportDue(): Promise<number> {
    const eff = await this.runtime.effective();
    if (!eff.configured) return 0;
    const blocked = new Set<string>();
    let settled = 0;
    for (const row of await this.store.read((q) => caeaRepository.dueReports(q, new Date().toISOString()))) {
      if (row.issuerCuit !== eff.cuit || row.environment !== eff.environment || row.simulator !== eff.simulator) continue;
      const group = `${row.ptoVta}|${row.cbteTipo}`;
      if (blocked.has(group)) continue;
      if ((await this.reportOne(eff, row)) === 'later') blocked.add(group);
      else settled += 1;
    }
    return settled;
  }

  private async reportOne(eff: EffectiveArca, row: InvoiceRow): Promise<Outcome> {
    const client = caeaClient(this.runtime, eff);
    const detail: CaeaDetRequest = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CAEA: row.cae!, CbteFchHsGen: `${row.cbteFch}000000` };
    try {
      if (row.reportAttempts > 0) {
        const found = await this.lookup(eff, row, detail);
        if (found !== 'free') return found;
      }
      const sent = await this.update(row.id, { reportAttempts: row.reportAttempts + 1 });
      const result = await this.runtime.withAuth(eff, (a) => client.report(a, sent.ptoVta, sent.cbteTipo, detail));
      if (result.resultado === 'A') return this.informed(sent);
      if (result.errors.some((e) => e.code === ARCA_CODES.caeaAlreadyInformed)) {
        const found = await this.lookup(eff, sent, detail);
        if (found !== 'free') return found;
      }
      if (result.errors.some((e) => e.code === ARCA_CODES.numberOrDate)) {
        const last = await this.runtime.withAuth(eff, (a) => this.runtime.wsfe(eff).lastAuthorized(a, sent.ptoVta, sent.cbteTipo));
        if (last < sent.cbteNro! - 1) return this.postpone(sent, `Falta informar a ARCA el comprobante ${last + 1} de este punto de venta`);
      }
      return this.rejected(sent, [...result.errors, ...result.observations]);
    } catch (e) {
      const current = (await this.store.read((q) => repo.byId(q, row.id)))!;
      if (e instanceof ArcaTransportError) return this.postpone(current, e.message);
      if (e instanceof ArcaServiceError) return this.postpone(current, `ARCA: ${e.message}`);
      if (e instanceof ArcaSoapFault) return this.postpone(current, `ARCA (WSAA): ${e.faultstring}`);
      throw e;
    }
  }

  /** FECompConsultar: ours already at ARCA → informed; another comprobante there → rejected; 602 → 'free'. */
  private async lookup(eff: EffectiveArca, row: InvoiceRow, detail: CaeaDetRequest): Promise<Outcome | 'free'> {
    try {
      const found = await this.runtime.withAuth(eff, (a) => this.runtime.wsfe(eff).consult(a, row.ptoVta, row.cbteTipo, row.cbteNro!));
      if (found.emisionTipo === 'CAEA' && found.cae === row.cae && sameComprobante(detail, found.detail)) return this.informed(row);
      return this.rejected(row, [{ code: 0, msg: `ARCA tiene otro comprobante con el número ${row.cbteNro} en el punto de venta ${row.ptoVta}` }]);
    } catch (e) {
      if (e instanceof ArcaServiceError && e.has(ARCA_CODES.notFound)) return 'free';
      throw e;
    }
  }

  private async informed(row: InvoiceRow): Promise<Outcome> {
    await this.update(row.id, { reportStatus: 'informada', reportError: null, reportNextAt: null, reportedAt: new Date().toISOString() });
    return 'done';
  }

  private async rejected(row: InvoiceRow, errs: ArcaErr[]): Promise<Outcome> {
    const reason = `ARCA rechazó el informe: ${errs.map((e) => (e.code ? `${e.code} ${e.msg}` : e.msg)).join('; ') || 'sin detalle'}`;
    await this.update(row.id, { reportStatus: 'rechazada', reportError: reason, reportNextAt: null });
    return 'done';
  }

  private async postpone(row: InvoiceRow, reason: string): Promise<Outcome> {
    await this.update(row.id, { reportError: reason, reportNextAt: nextAttemptAt(this.retryBaseMs, row.reportAttempts) });
    return 'later';
  }

  /** FECAEASinMovimientoInformar for every CAEA point of sale that issued nothing in an ended fortnight; returns how many were recorded. */
  async informNoActivity(today = argentineToday()): Promise<number> {
    const eff = await this.runtime.effective();
    if (!eff.configured) return 0;
    const key = issuerKeyOf(eff);
    const client = caeaClient(this.runtime, eff);
    const points = await this.caeaPoints(eff);
    let recorded = 0;
    for (const caea of await this.store.read((q) => caeaRepository.endedBefore(q, key, today))) {
      // The first instant after the fortnight, Argentine time (UTC−3).
      const endedAt = `${addDays(caea.validTo, 1)}T03:00:00.000Z`;
      for (const p of points) {
        if (p.device && !(p.device.lastPushAt && p.device.lastPushAt >= endedAt && p.device.pendingCount === 0)) continue;
        const done = await this.store.read(async (q) => (await caeaRepository.noActivityInformed(q, key, caea.caea, p.ptoVta)) || (await caeaRepository.issuedWith(q, key, caea.caea, p.ptoVta)) > 0);
        if (done) continue;
        try {
          const already = await this.runtime.withAuth(eff, (a) => client.noActivityInformed(a, p.ptoVta, caea.caea));
          if (!already) await this.runtime.withAuth(eff, (a) => client.informNoActivity(a, p.ptoVta, caea.caea));
        } catch (e) {
          if (!(e instanceof ArcaServiceError && e.has(ARCA_CODES.caeaNoActivityAlreadyInformed))) throw e;
        }
        await this.store.write((tx) => caeaRepository.recordNoActivity(tx, key, caea.caea, p.ptoVta));
        recorded += 1;
      }
    }
    return recorded;
  }

  private async caeaPoints(eff: EffectiveArca): Promise<{ ptoVta: number; device: { lastPushAt: string | null; pendingCount: number } | null }[]> {
    const points: { ptoVta: number; device: { lastPushAt: string | null; pendingCount: number } | null }[] = [];
    if (eff.caeaPtoVta) points.push({ ptoVta: eff.caeaPtoVta, device: null });
    for (const d of await this.store.read((q) => caeaRepository.devicePoints(q))) points.push({ ptoVta: d.caeaPtoVta, device: d });
    return points;
  }
}
