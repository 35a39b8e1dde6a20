/** Spanish texts of the CUIT/DNI checks and of the lookup in ARCA's taxpayer registry (issue #33.2, docs/registry.md). */

/** What a cashier can always do when the registry cannot answer: never block a sale on the padrón. */
const BY_HAND = 'Cargá los datos a mano o buscá al cliente en la ficha de clientes.';

export const CUIT_MSG = {
  empty: 'Ingresá el CUIT o CUIL.',
  notDigits: 'El CUIT solo lleva números (los guiones y espacios se aceptan).',
  length: (digits: number) => `El CUIT tiene 11 dígitos; ingresaste ${digits}.`,
  checkDigit: 'El CUIT no es válido: revisá el dígito verificador.',
  dniEmpty: 'Ingresá el DNI.',
  dniInvalid: 'El DNI tiene 7 u 8 dígitos, sin puntos.',
} as const;

export const REGISTRY_MSG = {
  notFound: (what: string) => `ARCA no tiene a nadie registrado con ${what}. Revisá el número o cargá los datos a mano.`,
  inactive: (cuit: string, state: string) => `El CUIT ${cuit} figura en ARCA con la clave ${state.toLowerCase()}: no se puede usar para facturar. Revisá el número con el cliente.`,
  timeout: `El padrón de ARCA no respondió a tiempo. ${BY_HAND}`,
  unreachable: `No se pudo consultar el padrón de ARCA. ${BY_HAND}`,
  fault: (detail: string) => `El padrón de ARCA devolvió un error (${detail}). ${BY_HAND}`,
  notAuthorized: `El certificado de ARCA del negocio no está autorizado para consultar el padrón (servicio «ws_sr_constancia_inscripcion»): el dueño tiene que habilitarlo en ARCA. ${BY_HAND}`,
  a13NotAuthorized: `El certificado de ARCA del negocio no está autorizado para buscar por DNI (servicio «ws_sr_padron_a13»). Pedí el CUIT o buscá en la ficha de clientes.`,
  notConfigured: `La consulta al padrón de ARCA no está disponible: falta configurar la facturación electrónica (CUIT y certificado). ${BY_HAND}`,
  loginBlocked: `ARCA todavía no entrega un ticket de acceso para el padrón. ${BY_HAND}`,
  dniDisabled: 'La búsqueda por DNI en ARCA no está habilitada en este negocio (servicio A13). Pedí el CUIT o buscá en la ficha de clientes.',
  badReply: `El padrón de ARCA respondió algo que no se pudo leer. ${BY_HAND}`,
  /** The constancia came with ARCA's own warnings: the condition is not guessed. */
  incomplete: (detail: string) => `ARCA devolvió la constancia con observaciones (${detail}): revisá la condición frente al IVA con el cliente.`,
} as const;
