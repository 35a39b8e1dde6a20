/** Business info calls of docs/spec.md §7 (read is public, update is admin). */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { BusinessInfo, BusinessInfoReply } from '../../domain/schemas/business';
import { api } from './client';

export type { BusinessInfo, BusinessInfoReply };

export const fetchBusinessInfo = () => api('GET /business-info', { public: true, errorMessage: PUBLIC_MSG.businessInfoGetError });

export const updateBusinessInfo = (info: BusinessInfo) => api('PUT /business-info', { json: info, errorMessage: PUBLIC_MSG.businessInfoUpdateError });
