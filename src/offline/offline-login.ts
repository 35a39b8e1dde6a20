/**
 * Offline sign-in glue for AuthProvider (which is in the public bundle): everything heavy (Dexie,
 * WebCrypto work) is loaded on demand with a dynamic import, so public pages stay small.
 */
import type { PublicUser } from '../../domain/schemas/auth';
import { PUBLIC_MSG } from '../../domain/public-messages';
import { OFFLINE_LOGIN_MSG } from './login-messages';
import type { Reply } from './transport';

/** A signed-in session, as the login call returns it (src/api/auth.ts LoginData has this shape). */
interface SignedIn {
  token: string;
  user: PublicUser;
}

/**
 * This device's credential as sign-in headers, if it has one: a registered counter's sign-in counts
 * only its own failures (so other people's typos never lock its cashiers out), and it records the
 * user as one of the device's sellers. Never throws.
 */
export async function deviceLoginHeaders(): Promise<Record<string, string> | undefined> {
  try {
    const { getDeviceCredential } = await import('./device');
    const device = await getDeviceCredential();
    return device ? { 'x-device-id': device.deviceId, 'x-device-key': device.deviceKey } : undefined;
  } catch {
    return undefined;
  }
}

/** After an online login: keep a verifier so this user can sign in here without network. Never throws. */
export async function rememberLogin(username: string, password: string, data: SignedIn): Promise<void> {
  try {
    const { rememberCredentials } = await import('./credentials');
    await rememberCredentials(username, password, data.user, data.token);
  } catch (error) {
    console.error(error);
  }
}

/** Signing out: the token kept for offline sign-in goes too (the verifier stays). Never throws. */
export async function forgetOfflineToken(userId: number): Promise<void> {
  try {
    const { forgetToken } = await import('./credentials');
    await forgetToken(userId);
  } catch (error) {
    console.error(error);
  }
}

/** The server was unreachable: sign in against the stored verifier, if this user has one. */
export async function loginOffline(username: string, password: string): Promise<Reply<SignedIn>> {
  try {
    const { verifyOffline } = await import('./credentials');
    const check = await verifyOffline(username, password);
    if (check.ok) return { success: true, data: { token: check.token, user: check.user }, message: OFFLINE_LOGIN_MSG.offlineSignedIn };
    const message = check.reason === 'unknown-user' ? OFFLINE_LOGIN_MSG.offlineUnknownUser : OFFLINE_LOGIN_MSG.offlineWrongPassword;
    return { success: false, kind: 'network', status: 0, message };
  } catch {
    return { success: false, kind: 'network', status: 0, message: PUBLIC_MSG.networkError };
  }
}
