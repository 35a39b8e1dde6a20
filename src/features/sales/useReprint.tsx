/**
 * Reprint of a sale's ticket from the sales history (issue #14 item 16, #15 item 4): the same 80 mm
 * non-fiscal ticket as the POS ("No válido como factura"), built from the server's sale and printed with
 * the POS's printReceipt. `printSale` prints a loaded sale; `printById` loads it first (a table row).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SaleJson } from '../../../domain/schemas/sales';
import { fetchSale } from '../../api/sales';
import { unwrap } from '../../api/unwrap';
import { useBusiness } from '../../session/business-context';
import { printReceipt, SaleReceipt } from '../pos/Receipt';
import { saleKeys } from './queries';

export function useReprint() {
  const queryClient = useQueryClient();
  const { info } = useBusiness();
  const [job, setJob] = useState<{ sale: SaleJson; n: number } | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (job) printReceipt();
  }, [job]);

  const printSale = (sale: SaleJson) => setJob((previous) => ({ sale, n: (previous?.n ?? 0) + 1 }));
  const printById = async (saleId: number) => {
    setError(null);
    setLoadingId(saleId);
    try {
      printSale(await queryClient.fetchQuery({ queryKey: saleKeys.detail(saleId), queryFn: () => unwrap(fetchSale(saleId)) }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoadingId(null);
    }
  };
  const receipt = job ? <SaleReceipt key={job.n} sale={job.sale} business={info as Record<string, string | null> | null} /> : null;
  return { printSale, printById, receipt, loadingId, error, clearError: () => setError(null) };
}
