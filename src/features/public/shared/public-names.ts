import { FALLBACKS } from '../../../../domain/constants';

/** The public bars' and footers' name: the business name, else the default shop name + "Accesorios". */
export const publicShopName = (businessName: string) => businessName || `${FALLBACKS.shopName} Accesorios`;

/** The hero's title: the business name, else "Bienvenido a" + the default shop name. */
export const heroTitle = (businessName: string) => businessName || `Bienvenido a ${FALLBACKS.shopName}`;
