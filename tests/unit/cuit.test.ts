/** CUIT/CUIL check digit, normalisation, format and the Spanish reasons (domain/cuit.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, formatCuit, isValidCuit, normalizeCuit, parseCuit, parseDni } from '../../domain/cuit';
import { isValidCuit as invoicingIsValidCuit } from '../../domain/invoicing/cuit';
import { CUIT_MSG } from '../../domain/registry-messages';

describe('CUIT check digit', () => {
  it('accepts known valid numbers, with or without dashes, dots and spaces', () => {
    // ARCA's own CUIT (30-69345023 would check 10, so ARCA issued it with type 33), and computed examples.
    for (const cuit of ['33-69345023-9', '20-12345678-6', '20 11111111 2', '30.71234567.1', '27234567891', '30500000003']) {
      expect(isValidCuit(cuit), cuit).toBe(true);
    }
  });

  it('refuses a wrong check digit, the wrong length and letters', () => {
    for (const cuit of ['20-12345678-9', '20-11111111-3', '30712345672', '2012345678', '201234567860', '20-1234567A-6', '']) {
      expect(isValidCuit(cuit), cuit).toBe(false);
    }
  });

  it('the check digit is 11 − Σ(weights × digits) mod 11, with 11 → 0 and 10 → 9', () => {
    expect(cuitCheckDigit('2012345678')).toBe(6);
    expect(cuitCheckDigit('3369345023')).toBe(9);
    // 30-69345023: remainder 1 → 10 → written 9 (the lenient rule of python-stdnum; ARCA re-issues with 33).
    expect(cuitCheckDigit('3069345023')).toBe(9);
    expect(isValidCuit('30-69345023-9')).toBe(true);
    expect(isValidCuit('30-69345023-0')).toBe(false);
    // Sum ≡ 0 (mod 11) → 0: 20-30111222-0.
    expect(cuitCheckDigit('2030111222')).toBe(0);
  });

  it('every 10-digit prefix has exactly one valid last digit (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (ten) => {
        const valid = [...'0123456789'].filter((d) => isValidCuit(ten + d));
        expect(valid).toEqual([String(cuitCheckDigit(ten))]);
      }),
    );
  });

  it('invoicing uses the same rule (one home)', () => {
    expect(invoicingIsValidCuit).toBe(isValidCuit);
  });
});

describe('normalise, format, parse', () => {
  it('normalises and formats 20-12345678-6', () => {
    expect(normalizeCuit(' 20-12345678-6 ')).toBe('20123456786');
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
    expect(formatCuit('20 12345678 6')).toBe('20-12345678-6');
    expect(formatCuit('123')).toBe('123');
  });

  it('parseCuit gives the digits or a Spanish reason', () => {
    expect(parseCuit('20-12345678-6')).toEqual({ ok: true, value: '20123456786' });
    expect(parseCuit('20-12345678-9')).toEqual({ ok: false, message: 'El CUIT no es válido: revisá el dígito verificador.' });
    expect(parseCuit('')).toEqual({ ok: false, message: CUIT_MSG.empty });
    expect(parseCuit('20-1234')).toEqual({ ok: false, message: 'El CUIT tiene 11 dígitos; ingresaste 6.' });
    expect(parseCuit('20-ABCDEFGH-6')).toEqual({ ok: false, message: CUIT_MSG.notDigits });
  });

  it('parseDni takes 7 or 8 digits with dots', () => {
    expect(parseDni('23.456.789')).toEqual({ ok: true, value: '23456789' });
    expect(parseDni('1234567')).toEqual({ ok: true, value: '1234567' });
    expect(parseDni('123456')).toEqual({ ok: false, message: CUIT_MSG.dniInvalid });
    expect(parseDni('00000000')).toEqual({ ok: false, message: CUIT_MSG.dniInvalid });
    expect(parseDni('')).toEqual({ ok: false, message: CUIT_MSG.dniEmpty });
  });
});
