/** The generated databases of this run's sizes, built (or taken from the cache) once per run. */
import type { BenchContext } from './context';
import { catalogDatabase } from './data-catalog';
import { salesDatabase } from './data-sales';

export const catalogFile = (ctx: BenchContext): Promise<string> => ctx.once('catalog-db', () => catalogDatabase(ctx.sizes.products));

export const salesFile = (ctx: BenchContext): Promise<string> =>
  ctx.once('sales-db', async () => salesDatabase(await catalogFile(ctx), ctx.sizes.products, ctx.sizes.summarySales));
