/**
 * "Facturación electrónica" settings: the saved values (the issuer's CUIT, condition, start of activities
 * and IIBB are shown here read-only: they are edited in the business info, their one home, issue #33.1), what the env fixes, credentials upload (stored
 * 0600 under DATA_DIR/arca, never returned nor logged: only the certificate's public data is shown) and
 * "Probar conexión" (WSAA login + FEDummy).
 */
import { issuerCbteTipos } from '../../../domain/invoicing/letter';
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { ArcaConnectionTestJson, ArcaCredentialsBody, ArcaSettingsBody, ArcaSettingsJson, InvoiceStatusJson } from '../../../domain/schemas/invoices';
import type { Store } from '../../db/store';
import { badRequest, conflict } from '../../http/errors';
import { certificateInfo, loadCredentials } from '../../integrations/arca/credentials';
import { ArcaLoginBlocked, ArcaServiceError, ArcaSoapFault } from '../../integrations/arca/errors';
import { caeaRepository } from './caea-repository';
import { invoicesRepository, settingsRepository } from './repository';
import type { ArcaRuntime } from './runtime';

export async function settingsJson(runtime: ArcaRuntime): Promise<ArcaSettingsJson> {
  const eff = await runtime.effective();
  const real = runtime.configuredCredentials();
  return {
    cuit: eff.cuit,
    taxCondition: eff.taxCondition,
    startOfActivities: eff.startOfActivities,
    iibb: eff.iibb,
    ptoVta: eff.ptoVta,
    caeaPtoVta: eff.caeaPtoVta,
    environment: eff.environment,
    identificationThreshold: fromCents(eff.thresholdCents),
    hasCredentials: real !== null,
    certificate: real ? certificateInfo(real.certPem) : null,
    lockedByEnv: eff.lockedByEnv,
    simulator: eff.simulator,
    configured: eff.configured,
  };
}

/** Saves the settings: the checks against what is saved (and the devices' CAEA points of sale) and the write are one unit. */
export async function updateSettings(store: Store, runtime: ArcaRuntime, body: ArcaSettingsBody): Promise<ArcaSettingsJson> {
  const before = await runtime.effective();
  const ptoVta = before.lockedByEnv.includes('ptoVta') ? before.ptoVta : body.ptoVta;
  await store.write(async (tx) => {
    const saved = await settingsRepository.get(tx);
    const caeaPtoVta = body.caeaPtoVta === undefined ? (saved?.caeaPtoVta ?? null) : body.caeaPtoVta;
    if (caeaPtoVta !== null && caeaPtoVta === ptoVta) throw badRequest(MSG.caeaPtoVtaSameAsCae);
    if (caeaPtoVta !== null && (await caeaRepository.devicePoints(tx)).some((d) => d.caeaPtoVta === caeaPtoVta)) throw conflict(MSG.caeaPtoVtaTaken);
    await settingsRepository.upsert(tx, {
      caeaPtoVta,
      ptoVta: body.ptoVta,
      environment: body.environment,
      identificationThresholdCents: body.identificationThreshold === undefined ? (saved?.identificationThresholdCents ?? undefined) : toCents(body.identificationThreshold),
    });
  });
  return settingsJson(runtime);
}

export function saveCredentials(runtime: ArcaRuntime, body: ArcaCredentialsBody): Promise<ArcaSettingsJson> {
  try {
    loadCredentials(body.certificate, body.privateKey);
  } catch (e) {
    throw badRequest((e as Error).message === 'mismatch' ? MSG.arcaCredentialsMismatch : MSG.arcaCredentialsInvalid);
  }
  if (Date.parse(certificateInfo(body.certificate).notAfter) < Date.now()) throw badRequest(MSG.arcaCertificateExpired);
  runtime.storeCredentials(body.certificate, body.privateKey);
  return settingsJson(runtime);
}

export async function testConnection(runtime: ArcaRuntime): Promise<ArcaConnectionTestJson> {
  const eff = await runtime.effective();
  const envName = eff.simulator ? 'simulador' : eff.environment === 'produccion' ? 'producción' : 'homologación';
  if (!eff.configured) return { ok: false, message: `${MSG.invoiceNotConfigured} Falta: ${eff.missing.join(', ')}.`, login: false, appServer: null, dbServer: null, authServer: null };
  let login = false;
  try {
    await runtime.withAuth(eff, async () => {
      login = true;
    });
    const d = await runtime.wsfe(eff).dummy();
    const ok = d.appServer === 'OK' && d.dbServer === 'OK' && d.authServer === 'OK';
    return {
      ok,
      message: ok ? `${MSG.arcaTestOk} (${envName})` : `${MSG.arcaTestFailed}: servidores de ARCA no disponibles (${envName})`,
      login: true,
      ...d,
    };
  } catch (e) {
    const why =
      e instanceof ArcaSoapFault
        ? `${MSG.arcaLoginFailed}: ${e.code} — ${e.faultstring}`
        : e instanceof ArcaServiceError
          ? `ARCA respondió ${e.message}`
          : (e as Error).message;
    return { ok: false, message: `${MSG.arcaTestFailed} (${envName}). ${why}`, login, appServer: null, dbServer: null, authServer: null };
  }
}

export async function statusJson(store: Store, runtime: ArcaRuntime): Promise<InvoiceStatusJson> {
  const eff = await runtime.effective();
  const counts = await store.read((q) => invoicesRepository.counts(q));
  const block = runtime.loginBlock(eff);
  const blocked = block && block.until > Date.now() ? new ArcaLoginBlocked(block.until, block.nextTryAt) : null;
  return {
    loginBlockedUntil: blocked ? new Date(blocked.until).toISOString() : null,
    configured: eff.configured,
    simulator: eff.simulator,
    environment: eff.configured ? eff.environment : null,
    cuit: eff.cuit,
    taxCondition: eff.taxCondition,
    startOfActivities: eff.startOfActivities,
    iibb: eff.iibb,
    ptoVta: eff.ptoVta,
    allowedTypes: eff.taxCondition ? issuerCbteTipos(eff.taxCondition) : [],
    identificationThreshold: fromCents(eff.thresholdCents),
    pendingCount: counts.pendiente,
    failedCount: counts.fallida,
    message: !eff.configured
      ? `${MSG.invoiceNotConfigured} Falta: ${eff.missing.join(', ')}.`
      : blocked
        ? blocked.message
        : eff.simulator
        ? MSG.arcaSimulatorLabel
        : eff.environment === 'produccion'
          ? 'ARCA producción'
          : 'ARCA homologación (pruebas, sin validez fiscal)',
  };
}
