import { useSearchParams } from 'react-router-dom';

/** The query data the payment provider sends back (docs/spec.md §3). */
export function usePaymentParams() {
  const [params] = useSearchParams();
  return {
    externalReference: params.get('external_reference') ?? '',
    paymentId: params.get('payment_id') ?? '',
    collectionStatus: params.get('collection_status') ?? '',
  };
}
