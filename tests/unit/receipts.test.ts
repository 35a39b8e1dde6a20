/** Digital receipts' pure rules (domain/receipts.ts): the number a wa.me link takes and the message sent with the link. */
import { describe, expect, it } from 'vitest';
import { receiptShareText, whatsappDigits, whatsappUrl } from '../../domain/receipts';

describe('whatsappDigits', () => {
  it.each([
    ['11 5555-1234', '5491155551234'],
    ['011 5555-1234', '5491155551234'],
    ['(0351) 555-1234', '5493515551234'],
    ['+54 9 351 555-1234', '5493515551234'],
    ['54 9 11 5555 1234', '5491155551234'],
    ['0054 9 11 5555 1234', '5491155551234'],
    ['+598 94 123 456', '59894123456'],
  ])('%s → %s', (typed, digits) => expect(whatsappDigits(typed)).toBe(digits));

  it.each(['', '12', 'abc', '+1234567', '1234567890123456789'])('%j is not a WhatsApp number', (typed) => expect(whatsappDigits(typed)).toBeNull());
});

describe('the message and the wa.me URL', () => {
  it('names the shop, the document and the sale, with the link whole after encoding', () => {
    const url = 'https://pos.example.com/r/AbC_-123';
    const text = receiptShareText({ businessName: ' Kiosco Ñandú ', kind: 'invoice', saleNumber: '0001-00000042', url });
    expect(text).toBe(`Hola, te enviamos la factura de tu compra de Kiosco Ñandú (venta 0001-00000042): ${url}`);
    expect(receiptShareText({ businessName: '', kind: 'ticket', saleNumber: '7', url })).toBe(`Hola, te enviamos el ticket de tu compra (venta 7): ${url}`);
    const wa = new URL(whatsappUrl('5491155551234', text));
    expect(wa.origin + wa.pathname).toBe('https://wa.me/5491155551234');
    expect(wa.searchParams.get('text')).toBe(text);
  });
});
