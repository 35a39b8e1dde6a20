/**
 * A sync server stand-in for client tests: device registration (a credential per id; scripted 409s),
 * exactly-once by clientSaleId, scripted failures, reachability, and a count of every request sent.
 */
import type { CashEvent, CashEventResult, CashPushBody, CashPushReply } from '../../domain/schemas/cash';
import type { DeviceRegistration, PushBody, PushedSale, PullReply, PushReply, PushResult } from '../../domain/schemas/sync';
import type { DeviceCredential, PullParams, Reply as ApiResult } from '../../src/offline/transport';
import { pullPage } from './local-store';

type Failure = { kind: 'network' | 'http'; status: number; message: string };

/**
 * A server stand-in: device registration (a credential per id; scripted 409s), exactly-once by
 * clientSaleId, scripted failures, a log of what each push carried and which device sent it.
 */
export class FakeServer {
  reachable = true;
  applied = new Map<string, number>();
  pushes: string[][] = [];
  pushedBy: string[] = [];
  pulls: (PullParams & { deviceId: string })[] = [];
  keys = new Map<string, string>();
  /** Ids the next registrations refuse with 409 (taken by another counter). */
  taken = new Set<string>();
  registrations = 0;
  lastSeq = 0;
  pushFailures: Failure[] = [];
  /** Applies the batch, then loses the reply (the request reached the server). */
  loseReplies = 0;
  reject = new Set<number>();
  pages: PullReply[] = [];
  /** Called as each pull request arrives, before it is answered. */
  onPull: (params: PullParams) => void = () => {};
  /** Cash-session events stored, by eventId (exactly once), in arrival order. */
  cash = new Map<string, CashEvent>();
  cashPushes = 0;
  /** Event types refused for good, with this reason. */
  rejectCash = new Set<CashEvent['type']>();

  private result(sale: PushedSale): PushResult {
    const id = { clientSaleId: sale.clientSaleId, deviceSeq: sale.deviceSeq };
    if (this.reject.has(sale.deviceSeq)) return { ...id, status: 'rejected', reason: 'Producto no encontrado' };
    const known = this.applied.get(sale.clientSaleId);
    if (known) return { ...id, status: 'duplicate', saleId: known, saleNumber: `V-${known}` };
    const saleId = this.applied.size + 1;
    this.applied.set(sale.clientSaleId, saleId);
    return { ...id, status: 'applied', saleId, saleNumber: `V-${saleId}` };
  }

  private knows(device: DeviceCredential): boolean {
    return this.keys.get(device.deviceId) === device.deviceKey;
  }

  /** Counts every request that left the device (reached the server or not). */
  requests = 0;
  /** When set, push replies carry this catalogue echo (nothing changed elsewhere). */
  echo: PushReply['catalog'] = null;

  private unreachable<T>(): ApiResult<T> | null {
    this.requests += 1;
    return this.reachable ? null : { success: false, kind: 'network', status: 0, message: 'Sin conexión con el servidor' };
  }

  /** GET /health probes received (the engine's idle check). */
  probes = 0;

  transport = {
    probe: async (): Promise<ApiResult<unknown>> => {
      const down = this.unreachable<unknown>();
      if (down) return down;
      this.probes += 1;
      return { success: true, data: { status: 'ok' } };
    },
    register: async (deviceId: string): Promise<ApiResult<DeviceRegistration>> => {
      const down = this.unreachable<DeviceRegistration>();
      if (down) return down;
      this.registrations += 1;
      if (this.taken.has(deviceId) || this.keys.has(deviceId)) return { success: false, kind: 'http', status: 409, message: 'tomado' };
      const deviceKey = `clave-${deviceId}`;
      this.keys.set(deviceId, deviceKey);
      return { success: true, data: { deviceId, deviceKey } };
    },
    push: async (body: PushBody, device: DeviceCredential): Promise<ApiResult<PushReply>> => {
      const down = this.unreachable<PushReply>();
      if (down) return down;
      if (!this.knows(device) || body.deviceId !== device.deviceId) return { success: false, kind: 'http', status: 401, message: 'Dispositivo no registrado' };
      const sales = body.sales as PushedSale[];
      this.pushes.push(sales.map((s) => s.clientSaleId));
      this.pushedBy.push(device.deviceId);
      const failure = this.pushFailures.shift();
      if (failure) return { success: false, ...failure };
      const results = sales.map((sale) => this.result(sale));
      if (this.loseReplies > 0) {
        this.loseReplies -= 1;
        return { success: false, kind: 'network', status: 0, message: 'respuesta perdida' };
      }
      return { success: true, data: { results, serverTime: new Date().toISOString(), lastSeq: this.lastSeq, catalog: this.echo } };
    },
    pushCash: async (body: CashPushBody, device: DeviceCredential): Promise<ApiResult<CashPushReply>> => {
      const down = this.unreachable<CashPushReply>();
      if (down) return down;
      if (!this.knows(device) || body.deviceId !== device.deviceId) return { success: false, kind: 'http', status: 401, message: 'Dispositivo no registrado' };
      this.cashPushes += 1;
      const results = (body.events as CashEvent[]).map((event): CashEventResult => {
        if (this.rejectCash.has(event.type)) return { eventId: event.eventId, status: 'rejected', reason: 'El dispositivo ya tiene otra caja abierta en el servidor' };
        if (this.cash.has(event.eventId)) return { eventId: event.eventId, status: 'duplicate' };
        this.cash.set(event.eventId, event);
        return { eventId: event.eventId, status: 'applied', ...(event.type === 'close' ? { zNumber: this.cash.size, expected: 7000, difference: -100 } : {}) };
      });
      return { success: true, data: { results } };
    },
    pull: async (params: PullParams, device: DeviceCredential): Promise<ApiResult<PullReply>> => {
      const down = this.unreachable<PullReply>();
      if (down) return down;
      if (!this.knows(device)) return { success: false, kind: 'http', status: 401, message: 'Dispositivo no registrado' };
      this.pulls.push({ ...params, deviceId: device.deviceId });
      this.onPull(params);
      return { success: true, data: this.pages.shift() ?? pullPage({ cursor: params.since }) };
    },
  };
}

