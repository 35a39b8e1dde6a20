import { createContext, useContext } from 'react';
import type { BusinessInfoReply } from '../api/business';

export interface BusinessValue {
  /** Null until loaded, and when the load failed. */
  info: BusinessInfoReply | null;
  loading: boolean;
  /** The configured business name, or '' when unset (callers pick their spec fallback). */
  businessName: string;
  /** Replaces the info after a successful update (docs/spec.md §4). */
  setInfo: (info: BusinessInfoReply) => void;
}

export const BusinessContext = createContext<BusinessValue | null>(null);

/** Business info loaded once at start; throws outside BusinessProvider (docs/spec.md §8). */
export function useBusiness(): BusinessValue {
  const value = useContext(BusinessContext);
  if (!value) throw new Error('useBusiness debe usarse dentro de un BusinessProvider');
  return value;
}
