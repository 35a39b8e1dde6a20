/** Loads GET /business-info once at start (spec §4); a failure leaves the fallbacks in place. */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchBusinessInfo, type BusinessInfo } from '../api/business';
import { BusinessContext, type BusinessValue } from './business-context';

export function BusinessProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<BusinessInfo | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    fetchBusinessInfo().then((result) => {
      if (!active) return;
      if (result.success) setInfo(result.data);
      else console.error(result.message);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  const value = useMemo<BusinessValue>(
    () => ({ info, loading, businessName: info?.businessName?.trim() ?? '', setInfo }),
    [info, loading],
  );
  return <BusinessContext.Provider value={value}>{children}</BusinessContext.Provider>;
}
