/**
 * Loads GET /business-info once at start (docs/spec.md §4). The last answer is kept in localStorage so the shop's
 * name and data show at once and offline; a failure with nothing stored leaves the fallbacks in place.
 * The reply's time zone becomes the one every date is shown in (ui/dates.ts).
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchBusinessInfo, type BusinessInfoReply } from '../api/business';
import { BusinessContext, type BusinessValue } from '../session/business-context';
import { setShopTimeZone } from '../ui/dates';

const STORAGE_KEY = 'businessInfo';

function stored(): BusinessInfoReply | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as BusinessInfoReply) : null;
  } catch {
    return null;
  }
}

export function BusinessProvider({ children }: { children: ReactNode }) {
  const [info, setInfoState] = useState<BusinessInfoReply | null>(() => {
    const initial = stored();
    setShopTimeZone(initial?.timeZone);
    return initial;
  });
  const [loading, setLoading] = useState(() => stored() === null);

  const setInfo = useCallback((next: BusinessInfoReply | null) => {
    setShopTimeZone(next?.timeZone);
    // The same answer again keeps the same object: nothing that reads it renders again.
    setInfoState((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  }, []);

  useEffect(() => {
    let active = true;
    fetchBusinessInfo().then((result) => {
      if (!active) return;
      if (!result.success) console.error(result.message);
      // A transition: the screens that show the shop's data render again in slices (issue #17: no long task).
      startTransition(() => {
        if (result.success) setInfo(result.data);
        setLoading(false);
      });
    });
    return () => {
      active = false;
    };
  }, [setInfo]);

  const value = useMemo<BusinessValue>(
    () => ({ info, loading, businessName: info?.businessName?.trim() ?? '', setInfo }),
    [info, loading, setInfo],
  );
  return <BusinessContext.Provider value={value}>{children}</BusinessContext.Provider>;
}
