/** Business info calls of docs/spec.md §7 (read is public, update is admin). */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { BusinessInfo, BusinessInfoReply } from '../../domain/schemas/business';
import { apiCall } from './client';

export type { BusinessInfo, BusinessInfoReply };

export const fetchBusinessInfo = () =>
  apiCall<BusinessInfoReply>('get', 'business-info', { public: true, errorMessage: PUBLIC_MSG.businessInfoGetError });

export const updateBusinessInfo = (info: BusinessInfo) =>
  apiCall<BusinessInfoReply>('put', 'business-info', { json: info, errorMessage: PUBLIC_MSG.businessInfoUpdateError });
