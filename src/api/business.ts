/** Business info calls of docs/spec.md §7 (read is public, update is admin). */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { BusinessInfo } from '../../domain/schemas/business';
import { apiCall } from './client';

export type { BusinessInfo };

export const fetchBusinessInfo = () =>
  apiCall<BusinessInfo>('get', 'business-info', { public: true, errorMessage: PUBLIC_MSG.businessInfoGetError });

export const updateBusinessInfo = (info: BusinessInfo) =>
  apiCall<BusinessInfo>('put', 'business-info', { json: info, errorMessage: PUBLIC_MSG.businessInfoUpdateError });
