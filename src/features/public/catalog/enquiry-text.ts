/** Prefilled texts of the Consultar dialog and the WhatsApp link (docs/spec.md §2). */
import { formatMoney } from '../../../../domain/money';
import { digitsOnly } from '../../../../domain/text';
import type { CatalogProduct } from '../../../api/catalog';

export function enquiryGreeting(product: Pick<CatalogProduct, 'name' | 'price'>): string {
  return `¡Hola! Me interesa el producto "${product.name}" (${formatMoney(product.price)}). ¿Podrían darme más información?`;
}

export const enquirySubject = (product: Pick<CatalogProduct, 'name'>) => `Consulta sobre: ${product.name}`;

/** https://wa.me/<phone digits>?text=<greeting>, or null when the business has no phone. */
export function whatsappUrl(phone: string | null | undefined, product: Pick<CatalogProduct, 'name' | 'price'>): string | null {
  const digits = digitsOnly(phone);
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(enquiryGreeting(product))}`;
}
