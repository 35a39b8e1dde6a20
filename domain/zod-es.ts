/** Spanish validation messages for every zod schema (both sides import this once at start). */
import { z } from 'zod';

z.config(z.locales.es());
// In the browser, zod must not probe `new Function` for its fast path: the Content-Security-Policy
// forbids eval, and the probe alone reports a violation. The server keeps the compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
