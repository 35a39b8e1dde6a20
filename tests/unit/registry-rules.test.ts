/** The registry's taxes → WSFE CondicionIVAReceptorId, name and address (domain/registry.ts). */
import { describe, expect, it } from 'vitest';
import { CONDICIONES_CLASE_A, CONDICIONES_CLASE_B } from '../../domain/invoicing/codes';
import { formatRegistryAddress, ivaConditionFromRegistry, ivaConditionLabel, registryName } from '../../domain/registry';

const cond = (taxIds: number[], monotributoCategory: string | null = null) => ivaConditionFromRegistry({ taxIds, monotributoCategory });

describe('IVA condition from the registry', () => {
  it('maps each regime to its WSFE id', () => {
    expect(cond([30, 10])).toBe(1); // IVA → responsable inscripto
    expect(cond([20], 'D VENTAS DE COSAS MUEBLES')).toBe(6); // monotributo
    expect(cond([21])).toBe(6); // monotributo autónomo, no category block
    expect(cond([], 'A MONOTRIBUTO SOCIAL')).toBe(13);
    expect(cond([20], 'B PROMOVIDO')).toBe(16);
    expect(cond([32])).toBe(4); // IVA exento
    expect(cond([34])).toBe(15); // no alcanzado
    expect(cond([33])).toBe(7); // IVA no inscripto → no categorizado
    expect(cond([])).toBe(5); // no IVA, no monotributo → consumidor final
    expect(cond([11])).toBe(5); // only Ganancias personas físicas
  });

  it('exento, no inscripto and no alcanzado win over an IVA entry, as in pyafipws', () => {
    expect(cond([30, 32])).toBe(4);
    expect(cond([30, 34])).toBe(15);
  });

  it('always gives an id WSFE accepts for class A or B, with its label', () => {
    for (const id of [cond([30]), cond([20]), cond([32]), cond([34]), cond([33]), cond([]), cond([], 'SOCIAL'), cond([], 'PROMOVIDO')]) {
      expect([...CONDICIONES_CLASE_A, ...CONDICIONES_CLASE_B]).toContain(id);
    }
    expect(ivaConditionLabel(1)).toBe('IVA Responsable Inscripto');
    expect(ivaConditionLabel(6)).toBe('Responsable Monotributo');
  });
});

describe('name and address', () => {
  it('razón social, else APELLIDO, Nombres', () => {
    expect(registryName({ razonSocial: ' FERRETERIA  LOS ANDES SRL ' })).toBe('FERRETERIA LOS ANDES SRL');
    expect(registryName({ apellido: 'PEREZ', nombre: 'JUAN CARLOS' })).toBe('PEREZ, JUAN CARLOS');
    expect(registryName({ apellido: 'PEREZ' })).toBe('PEREZ');
  });

  it('joins the fiscal address parts ARCA gives', () => {
    expect(formatRegistryAddress({ direccion: 'SAN MARTIN 456', localidad: 'CORDOBA', codPostal: '5000', descripcionProvincia: 'CORDOBA' })).toBe('SAN MARTIN 456, CORDOBA (5000), CORDOBA');
    expect(formatRegistryAddress({ direccion: 'AV CORRIENTES 1234', codPostal: '1043', descripcionProvincia: 'CIUDAD AUTONOMA BUENOS AIRES' })).toBe(
      'AV CORRIENTES 1234, (1043), CIUDAD AUTONOMA BUENOS AIRES',
    );
    expect(formatRegistryAddress(null)).toBe('');
  });
});
