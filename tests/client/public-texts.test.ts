/** Texts the public pages build: enquiry greeting, WhatsApp link, message length rule, fallback names. */
import { describe, expect, it } from 'vitest';
import { contactMessageCounter, contactMessageError } from '../../domain/contact-rules';
import { heroTitle, publicShopName } from '../../src/features/public/shared/public-names';
import { enquiryGreeting, enquirySubject, whatsappUrl } from '../../src/features/public/catalog/enquiry-text';

const product = { name: 'Parlante "Mini" & Co', price: 1234.5 };

describe('enquiry texts', () => {
  it('greets with the product name and the es-AR price', () => {
    expect(enquiryGreeting(product)).toBe('¡Hola! Me interesa el producto "Parlante "Mini" & Co" ($ 1.234,50). ¿Podrían darme más información?');
    expect(enquirySubject(product)).toBe('Consulta sobre: Parlante "Mini" & Co');
  });

  it('builds the WhatsApp link from the phone digits with the encoded greeting', () => {
    const url = new URL(whatsappUrl('+54 9 (11) 5555-1234', product)!);
    expect(url.origin + url.pathname).toBe('https://wa.me/5491155551234');
    expect(url.searchParams.get('text')).toBe(enquiryGreeting(product));
    expect(whatsappUrl('', product)).toBeNull();
    expect(whatsappUrl(null, product)).toBeNull();
  });
});

describe('message length rule (docs/spec.md §5)', () => {
  it.each([
    ['', 'El mensaje debe tener al menos 10 caracteres'],
    ['   corto   ', 'El mensaje debe tener al menos 10 caracteres'],
    ['x'.repeat(9), 'El mensaje debe tener al menos 10 caracteres'],
    [`  ${'x'.repeat(10)}  `, null],
    ['x'.repeat(5000), null],
    [` ${'x'.repeat(5000)} `, null],
    ['x'.repeat(5001), 'El mensaje no puede superar los 5000 caracteres'],
  ])('judges %j', (message, expected) => {
    expect(contactMessageError(message)).toBe(expected);
  });

  it('counts characters out of 5000', () => {
    expect(contactMessageCounter('hola')).toBe('4/5000 caracteres');
  });
});

describe('fallback names', () => {
  it('uses the default shop name when the business has none', () => {
    expect(publicShopName('')).toBe('Mi Tienda Accesorios');
    expect(heroTitle('')).toBe('Bienvenido a Mi Tienda');
    expect(publicShopName('TecnoPunto')).toBe('TecnoPunto');
  });
});
