/**
 * Every described API operation, as one type the client's `api()` is typed by (src/api/client.ts).
 * A module's endpoints are listed here once; the server registers each from the same object.
 */
import type { accountingApi } from './accounting';
import type { accountsApi } from './accounts';
import type { authApi } from './auth';
import type { backupsApi } from './backups';
import type { brandsApi } from './brands';
import type { businessApi } from './business';
import type { cashApi } from './cash';
import type { categoriesApi } from './categories';
import type { configurationApi } from './configuration';
import type { contactApi } from './contact';
import type { customersApi } from './customers';
import type { healthApi } from './health';
import type { invoicesApi } from './invoices';
import type { paymentOrdersApi } from './payment-orders';
import type { paymentsApi } from './payments';
import type { printingApi } from './printing';
import type { productsApi } from './products';
import type { receiptsApi } from './receipts';
import type { registryApi } from './registry';
import type { reportsApi } from './reports';
import type { returnsApi } from './returns';
import type { salesApi } from './sales';
import type { stockApi } from './stock';
import type { syncApi } from './sync';
import type { uploadsApi } from './uploads';
import type { usersApi } from './users';
import type { Endpoint } from './endpoint';

type EndpointsOf<T> = T[keyof T];

export type AnyEndpoint =
  | EndpointsOf<typeof accountingApi>
  | EndpointsOf<typeof brandsApi>
  | EndpointsOf<typeof salesApi>
  | EndpointsOf<typeof returnsApi>
  | EndpointsOf<typeof syncApi>
  | EndpointsOf<typeof cashApi>
  | EndpointsOf<typeof invoicesApi>
  | EndpointsOf<typeof paymentsApi>
  | EndpointsOf<typeof paymentOrdersApi>
  | EndpointsOf<typeof reportsApi>
  | EndpointsOf<typeof productsApi>
  | EndpointsOf<typeof categoriesApi>
  | EndpointsOf<typeof stockApi>
  | EndpointsOf<typeof uploadsApi>
  | EndpointsOf<typeof businessApi>
  | EndpointsOf<typeof configurationApi>
  | EndpointsOf<typeof contactApi>
  | EndpointsOf<typeof customersApi>
  | EndpointsOf<typeof accountsApi>
  | EndpointsOf<typeof usersApi>
  | EndpointsOf<typeof authApi>
  | EndpointsOf<typeof healthApi>
  | EndpointsOf<typeof backupsApi>
  | EndpointsOf<typeof registryApi>
  | EndpointsOf<typeof printingApi>
  | EndpointsOf<typeof receiptsApi>;

export type EndpointByKey<K extends AnyEndpoint['key']> = Extract<AnyEndpoint, { key: K }>;

// Every entry must be a well-formed endpoint (a typo in a key or schema fails the typecheck here).
export type _Check = AnyEndpoint extends Endpoint ? true : never;
