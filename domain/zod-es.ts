/** Spanish validation messages for every zod schema (both sides import this once at start). */
import { z } from 'zod';

z.config(z.locales.es());

export { z };
