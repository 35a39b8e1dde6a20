/**
 * Invoice issuance with exactly one CAE per sale (docs/reference/arca-wsfe.md "Numbering and recovery"). Invariants:
 * - Issuance is serialised per book (issuer CUIT, environment, simulator, point of sale, type) in this process.
 * - Before every FECAESolicitar the row holds the number, the date and the exact request, committed in
 *   its own write unit; no unit is open while ARCA is called (each outcome is recorded in a new one).
 * - A numbered pending row may already be at ARCA: it is consulted first (FECompConsultar); the same
 *   comprobante found → its CAE is adopted; another one → our row is renumbered; 602 → resent.
 * - ARCA unreachable, or WSAA refusing a login while a ticket we never stored is valid (issue #31.7),
 *   before a number was ever sent (no number, no attempt) → the server's CAEA
 *   contingency (caea-contingency.ts), when a CAEA point of sale and a valid CAEA exist. Never otherwise.
 * - The number ARCA says is next but a local row holds: a device's CAEA claim there is released (kept for
 *   review); any other holder postpones the row with the reason (never a 500, never a wedged book).
 * - 10016 → consult; then fix the date (last + 1 == n) or renumber (last ≥ n). Err 600 → one re-login
 *   (ArcaRuntime.withAuth). No reply / 5xx / 501 → the row stays pending with a backoff retry time.
 * - A row held for its device (device_hold, issue #33.5) is never settled: nothing is sent for it until
 *   the device releases it (push-invoice.ts). A hold only ever ends, never starts again, so a row this
 *   issuer numbers is never one the device may still number with CAEA.
 * Independent of HTTP: routes, the retry loop and (issue #11) the sync push call settle().
 */
import { arcaDate, formatInvoiceNumber } from '../../../domain/invoicing/format';
import { PUSH_INVOICE_NOTES } from '../../../domain/messages';
import { isUniqueViolation } from '../../db/constraint';
import type { Store } from '../../db/store';
import { ArcaLoginBlocked, ArcaServiceError, ArcaSoapFault, ArcaTransportError, ARCA_CODES, type ArcaErr } from '../../integrations/arca/errors';
import { matchComprobante, type FecaeDetRequest } from '../../integrations/arca/wsfe';
import { nextAttemptAt } from './backoff';
import { issueWithCaea } from './caea-contingency';
import { invoicesRepository as repo, type InvoiceRow, type NewInvoiceRow } from './repository';
import type { ArcaRuntime, EffectiveArca } from './runtime';

const MAX_ROUNDS = 6;

/** The number ARCA says is next is held by another row of this server (issue #31.3). */
class LocalNumberHeld extends Error {
  constructor(number: string, holderId: number) {
    super(
      holderId
        ? `El número ${number} ya lo tiene otra factura del servidor (factura ${holderId}) y ARCA no lo tiene: revisala; se reintenta sola`
        : `Otro proceso tomó el número ${number} al mismo tiempo; se reintenta sola`,
    );
    this.name = 'LocalNumberHeld';
  }
}

/** FECompConsultar found a comprobante at our number that cannot be told ours or another's (issue #31.9). */
class UnclearComprobante extends Error {
  constructor(number: string) {
    super(`ARCA tiene el comprobante ${number} pero su consulta no alcanza para saber si es este: no se reenvía; se vuelve a consultar`);
    this.name = 'UnclearComprobante';
  }
}

type Lookup = { kind: 'same'; cae: string; caeVto: string; observations: ArcaErr[] } | { kind: 'other' } | { kind: 'free' };

export class InvoiceIssuer {
  private locks = new Map<string, Promise<unknown>>();
  /** Rows whose last settlement ended because ARCA could not be reached (read once by settle()). */
  private unreachable = new Set<number>();

  constructor(
    private readonly store: Store,
    private readonly runtime: ArcaRuntime,
    private readonly retryBaseMs: number,
  ) {}

  private byId(id: number): Promise<InvoiceRow | undefined> {
    return this.store.read((q) => repo.byId(q, id));
  }

  /** Records one step of the row in its own write unit (never across an ARCA call). */
  private update(id: number, patch: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
    return this.store.write((tx) => repo.update(tx, id, patch));
  }

  private serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.locks.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, tail);
    void tail.then(() => this.locks.get(key) === tail && this.locks.delete(key));
    return run;
  }

  /** Drives a pending invoice as far as ARCA lets it now; returns the row as it then stands. */
  async settle(id: number): Promise<InvoiceRow> {
    const first = await this.byId(id);
    // A row held for its device (issue #33.5) is never sent: the device may still number it with CAEA.
    if (!first || first.status !== 'pendiente' || first.deviceHold) return first!;
    const book = `${first.issuerCuit}|${first.environment}|${first.simulator}|${first.ptoVta}|${first.cbteTipo}`;
    return this.serial(book, async () => {
      for (const older of await this.store.read((q) => repo.pendingInBook(q, first))) {
        const settled = await this.settleLocked(older.id);
        if (settled.status === 'pendiente') {
          const row = (await this.byId(id))!;
          // ARCA unreachable for the older one: this one, never sent, may still go on the CAEA point of sale.
          const issued = this.unreachable.delete(older.id) && row.status === 'pendiente' ? await issueWithCaea(this.store, await this.runtime.effective(), row) : null;
          return issued ?? this.postpone(row, 'Hay una factura anterior pendiente de confirmar en ARCA', null);
        }
      }
      return this.settleLocked(id);
    });
  }

  private async settleLocked(id: number): Promise<InvoiceRow> {
    this.unreachable.delete(id);
    let row = (await this.byId(id))!;
    if (row.status !== 'pendiente' || row.deviceHold) return row;
    const eff = await this.runtime.effective();
    if (!eff.configured) return this.postpone(row, 'La facturación electrónica no está configurada', null);
    if (eff.cuit !== row.issuerCuit || eff.ptoVta !== row.ptoVta || eff.environment !== row.environment || eff.simulator !== row.simulator) {
      return this.postpone(row, 'La configuración de ARCA cambió desde que se pidió esta factura', null);
    }
    try {
      let mustConsult = row.cbteNro !== null;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        if (row.cbteNro === null) {
          row = await this.allocateOrCaea(eff, row);
          if (row.status !== 'pendiente') return row;
          mustConsult = false;
        }
        if (mustConsult) {
          const found = await this.lookup(eff, row);
          if (found.kind === 'same') return this.authorize(row, found.cae, found.caeVto, found.observations);
          if (found.kind === 'other') {
            row = await this.update(row.id, { cbteNro: null });
            continue;
          }
          row = await this.withDate(row, arcaDate(Date.now()));
        }
        const detail = JSON.parse(row.requestJson) as FecaeDetRequest;
        row = await this.update(row.id, { attempts: row.attempts + 1 });
        let result;
        try {
          result = await this.runtime.withAuth(eff, (auth) => this.runtime.wsfe(eff).requestCae(auth, row.ptoVta, row.cbteTipo, detail));
        } catch (e) {
          if (!(e instanceof ArcaTransportError)) throw e;
          mustConsult = true;
          continue;
        }
        if (result.resultado === 'A' && result.cae) return this.authorize(row, result.cae, result.caeVto, result.observations);
        if (result.errors.some((x) => x.code === ARCA_CODES.numberOrDate)) {
          const found = await this.lookup(eff, row);
          if (found.kind === 'same') return this.authorize(row, found.cae, found.caeVto, found.observations);
          const last = found.kind === 'free' ? await this.runtime.withAuth(eff, (a) => this.runtime.wsfe(eff).lastAuthorized(a, row.ptoVta, row.cbteTipo)) : -1;
          if (found.kind === 'free' && last + 1 === row.cbteNro) row = await this.withDate(row, arcaDate(Date.now()));
          else row = await this.update(row.id, { cbteNro: null });
          mustConsult = false;
          continue;
        }
        return this.fail(row, [...result.errors, ...result.observations]);
      }
      return this.postpone(row, 'ARCA no confirmó el comprobante tras varios intentos', null);
    } catch (e) {
      if (e instanceof ArcaServiceError) return this.postpone((await this.byId(id))!, `ARCA: ${e.message}`, e.errors[0]?.code ?? null);
      if (e instanceof ArcaSoapFault) return this.postpone((await this.byId(id))!, `ARCA (WSAA): ${e.faultstring}`, null);
      if (e instanceof ArcaLoginBlocked) {
        this.unreachable.add(id);
        const row = await this.postpone((await this.byId(id))!, e.message, null);
        return this.update(id, { nextRetryAt: new Date(Math.max(Date.parse(row.nextRetryAt!), e.nextTryAt)).toISOString() });
      }
      if (e instanceof LocalNumberHeld || e instanceof UnclearComprobante) return this.postpone((await this.byId(id))!, e.message, null);
      if (e instanceof ArcaTransportError) {
        this.unreachable.add(id);
        return this.postpone((await this.byId(id))!, e.message, null);
      }
      throw e;
    }
  }

  /**
   * allocate(), except that when ARCA cannot be reached before anything was ever sent for this row, the
   * invoice is issued on the server's CAEA point of sale instead (caea-contingency.ts), when it applies.
   */
  private async allocateOrCaea(eff: EffectiveArca, row: InvoiceRow): Promise<InvoiceRow> {
    try {
      return await this.allocate(eff, row);
    } catch (e) {
      const issued = (e instanceof ArcaTransportError || e instanceof ArcaLoginBlocked) && row.attempts === 0 ? await issueWithCaea(this.store, eff, row) : null;
      if (issued) return issued;
      throw e;
    }
  }

  /**
   * Picks last authorised + 1 and today's date, and commits them with the request before any send. A
   * number ARCA does not have but a local row holds (issue #31.3) never becomes a 500 nor a wedged book:
   * a device's CAEA claim there (the server's CAE point of sale is never a device's) is released, kept for
   * review without a number, in the same unit; any other holder postpones this row with the reason.
   */
  private async allocate(eff: EffectiveArca, row: InvoiceRow): Promise<InvoiceRow> {
    const last = await this.runtime.withAuth(eff, (a) => this.runtime.wsfe(eff).lastAuthorized(a, row.ptoVta, row.cbteTipo));
    const cbteNro = last + 1;
    const cbteFch = arcaDate(Date.now());
    const detail = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CbteDesde: cbteNro, CbteHasta: cbteNro, CbteFch: cbteFch };
    const number = formatInvoiceNumber(row.ptoVta, cbteNro);
    let outcome: InvoiceRow | { heldBy: number };
    try {
      outcome = await this.store.write(async (tx) => {
        const holder = await repo.holderOf(tx, row, cbteNro);
        if (holder && holder.id !== row.id) {
          if (holder.authorization !== 'CAEA' || holder.deviceId === null) return { heldBy: holder.id };
          await repo.update(tx, holder.id, {
            status: 'fallida',
            authorization: 'CAE',
            cbteNro: null,
            cae: null,
            caeVto: null,
            reportStatus: null,
            reportDeadline: null,
            failureReason: PUSH_INVOICE_NOTES.caeaServerPtoVta(number),
          });
        }
        return repo.update(tx, row.id, { cbteNro, cbteFch, requestJson: JSON.stringify(detail) });
      });
    } catch (e) {
      // Another process numbered this book meanwhile (PostgreSQL): the next attempt reads ARCA again.
      if (!isUniqueViolation(e)) throw e;
      outcome = { heldBy: 0 };
    }
    if ('heldBy' in outcome) throw new LocalNumberHeld(number, outcome.heldBy);
    return outcome;
  }

  private async withDate(row: InvoiceRow, cbteFch: string): Promise<InvoiceRow> {
    if (row.cbteFch === cbteFch) return row;
    const detail = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CbteFch: cbteFch };
    return this.update(row.id, { cbteFch, requestJson: JSON.stringify(detail) });
  }

  private async lookup(eff: EffectiveArca, row: InvoiceRow): Promise<Lookup> {
    try {
      const found = await this.runtime.withAuth(eff, (a) => this.runtime.wsfe(eff).consult(a, row.ptoVta, row.cbteTipo, row.cbteNro!));
      const match = matchComprobante(JSON.parse(row.requestJson) as FecaeDetRequest, found.detail, row.cbteTipo);
      if (match === 'other' || (found.resultado !== '' && found.resultado !== 'A')) return { kind: 'other' };
      // Neither ours nor another's for sure: nothing is adopted, and nothing is sent for this number.
      if (match === 'unclear' || !found.cae) throw new UnclearComprobante(formatInvoiceNumber(row.ptoVta, row.cbteNro!));
      const obs = ((found.detail.Observaciones?.Obs as { Code: string; Msg: string }[] | undefined) ?? []).map((o) => ({ code: Number(o.Code), msg: String(o.Msg) }));
      return { kind: 'same', cae: found.cae, caeVto: found.caeVto, observations: obs };
    } catch (e) {
      if (e instanceof ArcaServiceError && e.has(ARCA_CODES.notFound)) return { kind: 'free' };
      throw e;
    }
  }

  private authorize(row: InvoiceRow, cae: string, caeVto: string, observations: ArcaErr[]): Promise<InvoiceRow> {
    return this.update(row.id, {
      status: 'autorizada',
      cae,
      caeVto,
      observationsJson: JSON.stringify(observations),
      failureReason: null,
      errorCode: null,
      nextRetryAt: null,
      authorizedAt: new Date().toISOString(),
    });
  }

  private fail(row: InvoiceRow, errs: ArcaErr[]): Promise<InvoiceRow> {
    const reason = `ARCA rechazó el comprobante: ${errs.map((e) => `${e.code} ${e.msg}`).join('; ') || 'sin detalle'}`;
    return this.update(row.id, { status: 'fallida', cbteNro: null, failureReason: reason, errorCode: errs[0]?.code ?? null, observationsJson: JSON.stringify(errs), nextRetryAt: null });
  }

  private postpone(row: InvoiceRow, reason: string, code: number | null): Promise<InvoiceRow> {
    const next = nextAttemptAt(this.retryBaseMs, row.attempts);
    return this.update(row.id, { failureReason: reason, errorCode: code, nextRetryAt: next });
  }
}
