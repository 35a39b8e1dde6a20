/** Invoicing domain rules (ARCA WSFEv1): codes, letters, amounts, documents, formats. */
export * from './codes';
export * from './letter';
export * from './cuit';
export * from './amounts';
export * from './format';
export * from './threshold';
export * from './caea';
export * from './buyer';
export * from './sale-condition';
