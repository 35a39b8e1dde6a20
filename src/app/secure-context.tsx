/**
 * The staff screens need a secure context (issue #29 item 6): over plain http:// with an IP or a LAN name
 * the browser has no WebCrypto (device credential, offline sign-in, sale ids) and no service worker, so
 * the POS would open empty and say nothing. Those routes show the HTTPS screen instead; the public pages
 * (landing, catalogue) work over http and are left alone.
 */
import { lazy } from 'react';
import { Outlet } from 'react-router-dom';

const HttpsRequiredPage = lazy(() => import('../features/auth/HttpsRequiredPage'));

/** Whether this page may run the staff app: a secure context with WebCrypto. */
export function isSecureEnough(): boolean {
  return window.isSecureContext === true && typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof crypto.randomUUID === 'function';
}

export function SecureOnly() {
  return isSecureEnough() ? <Outlet /> : <HttpsRequiredPage />;
}
