import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../domain/field-labels';

describe('field labels for 400 messages', () => {
  it('names nested fields in Spanish without array positions', () => {
    expect(fieldLabel(['items', '0', 'quantity'])).toBe('Productos › Cantidad');
    expect(fieldLabel(['price'])).toBe('Precio');
    expect(fieldLabel(['unknownField'])).toBe('unknownField');
  });
});
