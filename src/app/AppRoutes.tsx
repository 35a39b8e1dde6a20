/**
 * The route table of docs/spec.md §2: the public pages here, every other path in StaffRoutes.tsx (a lazy
 * chunk, so a visitor's entry holds one import for the whole staff side). Every page is its own lazy chunk
 * (the landing's and the catalogue's in public-pages.ts, which main.tsx preloads), so the public pages never
 * download staff code (nor @mantine/dates, charts, Dexie).
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CenteredLoader } from '../ui/CenteredLoader';
import { catalog, landing } from './public-pages';

const PaymentSuccessPage = lazy(() => import('../features/public/payment/PaymentSuccessPage'));
const PaymentFailurePage = lazy(() => import('../features/public/payment/PaymentFailurePage'));
const PaymentPendingPage = lazy(() => import('../features/public/payment/PaymentPendingPage'));
const StaffRoutes = lazy(() => import('./StaffRoutes'));

export function AppRoutes() {
  return (
    <Suspense fallback={<CenteredLoader />}>
      <Routes>
        <Route path="/" element={<landing.Page />} />
        <Route path="/catalog" element={<catalog.Page />} />
        <Route path="/payment/success" element={<PaymentSuccessPage />} />
        <Route path="/payment/failure" element={<PaymentFailurePage />} />
        <Route path="/payment/pending" element={<PaymentPendingPage />} />
        <Route path="*" element={<StaffRoutes />} />
      </Routes>
    </Suspense>
  );
}
