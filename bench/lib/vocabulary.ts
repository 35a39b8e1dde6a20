/**
 * Words of the generated catalogue (a technology-accessories shop, like the demo) and a seeded random
 * generator, so every run builds the same products and the same sales.
 */
export const CATEGORIES = ['Auriculares y Audio', 'Cables y Adaptadores', 'Cargadores y Energía', 'Periféricos', 'Almacenamiento', 'Cámaras y Video', 'Celulares y Tablets', 'Redes'];

export const BRANDS = ['Logitech', 'Samsung', 'JBL', 'Kingston', 'TP-Link', 'Xiaomi', 'Genius', 'Sandisk', 'Philips', 'Sony', 'Motorola', 'Noga', 'Netmak', 'Gadnic', 'Lenovo', 'HP'];

/** [product type, category index] */
export const TYPES: [string, number][] = [
  ['Auriculares inalámbricos', 0], ['Auriculares in-ear', 0], ['Parlante Bluetooth', 0], ['Micrófono USB', 0], ['Barra de sonido', 0],
  ['Cable USB-C', 1], ['Cable HDMI', 1], ['Cable Lightning', 1], ['Adaptador USB-C a HDMI', 1], ['Cable de red', 1], ['Hub USB', 1],
  ['Cargador rápido', 2], ['Batería externa', 2], ['Zapatilla eléctrica', 2], ['Cargador de auto', 2], ['Pilas recargables', 2],
  ['Mouse inalámbrico', 3], ['Teclado mecánico', 3], ['Mouse pad', 3], ['Soporte para notebook', 3], ['Webcam Full HD', 3], ['Joystick', 3],
  ['Pendrive', 4], ['Tarjeta microSD', 4], ['Disco externo', 4], ['Disco SSD', 4],
  ['Aro de luz', 5], ['Trípode', 5], ['Cámara de seguridad', 5],
  ['Funda de silicona', 6], ['Vidrio templado', 6], ['Soporte de celular', 6], ['Lápiz táctil', 6],
  ['Router Wi-Fi', 7], ['Repetidor Wi-Fi', 7], ['Adaptador Wi-Fi USB', 7], ['Switch de red', 7],
];

export const VARIANTS = ['negro', 'blanco', 'azul', 'rojo', 'reforzado', 'compacto', 'premium', 'gamer', 'slim', 'plegable', '1 m', '2 m', '32 GB', '64 GB', '128 GB', '20W', '65W'];

export const DESCRIPTIONS = [
  'Garantía oficial de 12 meses',
  'Ideal para el escritorio o la mochila',
  'Compatible con Android, iOS y Windows',
  'Conexión rápida y estable',
  'Materiales resistentes, uso intensivo',
  'Incluye manual en español',
];

/** The word the catalogue API scenario searches for: one product type in ~12 has it. */
export const CATALOG_SEARCH_WORD = 'cable';

/** mulberry32: small, fast, seeded. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];
