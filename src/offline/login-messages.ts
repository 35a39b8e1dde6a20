/**
 * The offline sign-in texts, apart from OFFLINE_MSG (messages.ts spreads them in): offline-login.ts is in
 * the public entry (AuthProvider), so a visitor's first load carries these three lines, not the sync and
 * POS texts.
 */
export const OFFLINE_LOGIN_MSG = {
  offlineUnknownUser:
    'Sin conexión: este usuario nunca inició sesión en este dispositivo. Conectate a internet para iniciar sesión por primera vez.',
  offlineWrongPassword: 'Sin conexión: usuario o contraseña incorrectos',
  offlineSignedIn: 'Sesión iniciada sin conexión',
} as const;
