/** The dashboard's queries: sales summary of the range, low-stock products (count and first page), and flagged sales (with their causes). */
import { useQuery } from '@tanstack/react-query';
import { fetchProducts } from '../../api/products';
import { fetchSales, fetchSalesSummary } from '../../api/sales';
import { unwrap, unwrapPage } from '../../api/unwrap';
import { productKeys } from '../products/queries';
import { saleKeys, salesSummaryKeys } from '../sales/queries';
import type { FlaggedSales } from './FlaggedSalesNotice';

/** The flagged sales read to word the notice's causes (the count is of all of them). */
const FLAGGED_PAGE = 100;
/**
 * The low-stock products listed (first by name); the "Stock Bajo" card counts all of them (the page's total).
 * One bounded page: a shop with thousands of them no longer downloads its whole catalogue (issue #39 item 5).
 */
export const LOW_STOCK_ROWS = 50;

export interface DayRange {
  start: string;
  end: string;
}

export function useDashboardData(range: DayRange) {
  const summary = useQuery({
    queryKey: salesSummaryKeys.range(range.start, range.end),
    queryFn: () => unwrap(fetchSalesSummary(range.start, range.end)),
  });
  const lowStock = useQuery({
    queryKey: productKeys.lowStock,
    queryFn: async () => {
      const page = await unwrapPage(fetchProducts({ lowStock: true, active: true, limit: LOW_STOCK_ROWS }));
      return { rows: page.rows, total: page.pagination.total };
    },
  });
  const flagged = useQuery({
    queryKey: saleKeys.flaggedCount,
    queryFn: async (): Promise<FlaggedSales> => {
      const page = await unwrapPage(fetchSales({ flagged: true, limit: FLAGGED_PAGE }));
      const byFlag: FlaggedSales['byFlag'] = {};
      for (const sale of page.rows) for (const flag of sale.flags) byFlag[flag] = (byFlag[flag] ?? 0) + 1;
      return { total: page.pagination.total, byFlag };
    },
  });
  const refetch = () => Promise.all([summary.refetch(), lowStock.refetch(), flagged.refetch()]);
  return { summary, lowStock, flagged, refetch };
}
