/**
 * "Facturación electrónica" settings: the saved values, what the env fixes, credentials upload (stored
 * 0600 under DATA_DIR/arca, never returned nor logged: only the certificate's public data is shown) and
 * "Probar conexión" (WSAA login + FEDummy).
 */
import { issuerCbteTipos } from '../../../domain/invoicing/letter';
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { ArcaConnectionTestJson, ArcaCredentialsBody, ArcaSettingsBody, ArcaSettingsJson, InvoiceStatusJson } from '../../../domain/schemas/invoices';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import { certificateInfo, loadCredentials } from '../../integrations/arca/credentials';
import { ArcaServiceError, ArcaSoapFault } from '../../integrations/arca/errors';
import { caeaRepository } from './caea-repository';
import { invoicesRepository, settingsRepository } from './repository';
import type { ArcaRuntime } from './runtime';

export function settingsJson(runtime: ArcaRuntime): ArcaSettingsJson {
  const eff = runtime.effective();
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

export function updateSettings(db: Db, runtime: ArcaRuntime, body: ArcaSettingsBody): ArcaSettingsJson {
  const saved = settingsRepository.get(db);
  const caeaPtoVta = body.caeaPtoVta === undefined ? (saved?.caeaPtoVta ?? null) : body.caeaPtoVta;
  const ptoVta = runtime.effective().lockedByEnv.includes('ptoVta') ? runtime.effective().ptoVta : body.ptoVta;
  if (caeaPtoVta !== null && caeaPtoVta === ptoVta) throw badRequest(MSG.caeaPtoVtaSameAsCae);
  if (caeaPtoVta !== null && caeaRepository.devicePoints(db).some((d) => d.caeaPtoVta === caeaPtoVta)) throw conflict(MSG.caeaPtoVtaTaken);
  settingsRepository.upsert(db, {
    caeaPtoVta,
    cuit: body.cuit,
    taxCondition: body.taxCondition,
    startOfActivities: body.startOfActivities,
    iibb: body.iibb,
    ptoVta: body.ptoVta,
    environment: body.environment,
    identificationThresholdCents: body.identificationThreshold === undefined ? (saved?.identificationThresholdCents ?? undefined) : toCents(body.identificationThreshold),
  });
  return settingsJson(runtime);
}

export function saveCredentials(runtime: ArcaRuntime, body: ArcaCredentialsBody): ArcaSettingsJson {
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
  const eff = runtime.effective();
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

export function statusJson(db: Db, runtime: ArcaRuntime): InvoiceStatusJson {
  const eff = runtime.effective();
  const counts = invoicesRepository.counts(db);
  return {
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
      : eff.simulator
        ? MSG.arcaSimulatorLabel
        : eff.environment === 'produccion'
          ? 'ARCA producción'
          : 'ARCA homologación (pruebas, sin validez fiscal)',
  };
}
