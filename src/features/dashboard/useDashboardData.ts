/** The dashboard's queries: sales summary of the range, low-stock products, and flagged offline sales. */
import { useQuery } from '@tanstack/react-query';
import { fetchProducts } from '../../api/products';
import { fetchSales, fetchSalesSummary } from '../../api/sales';
import { unwrap, unwrapPage } from '../../api/unwrap';
import { productKeys } from '../products/queries';
import { saleKeys, salesSummaryKeys } from '../sales/queries';

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
    queryFn: () => unwrap(fetchProducts({ lowStock: true, active: true })),
  });
  const flagged = useQuery({
    queryKey: saleKeys.flaggedCount,
    queryFn: async () => (await unwrapPage(fetchSales({ flagged: true, limit: 1 }))).pagination.total,
  });
  const refetch = () => Promise.all([summary.refetch(), lowStock.refetch(), flagged.refetch()]);
  return { summary, lowStock, flagged, refetch };
}
