/**
 * Demo shop for a fresh database (DEMO_DATA=false skips it): the business info (only while the shop has
 * no name yet) and a technology-accessories catalogue (only while there are no products at all).
 * Product codes are valid EAN-13 numbers so a barcode scanner finds them; every initial stock goes
 * through the stock ledger, and the whole catalogue is written in one unit of work (server/db/store.ts);
 * the pictures are drawn outside it and stored in a second one.
 */
import { eq } from 'drizzle-orm';
import { businessInfo } from '../db/schema';
import { first, type Q, type Store } from '../db/store';
import { brandsRepository } from '../modules/brands/repository';
import { categoriesRepository } from '../modules/categories/repository';
import { productsRepository } from '../modules/products/repository';
import { productSearchText } from '../modules/products/search';
import { applyStockDelta } from '../modules/stock/repository';
import { drawDemoImages } from './demo-images';

const CATEGORIES = [
  ['Auriculares y Audio', 'Auriculares, parlantes y micrófonos'],
  ['Cables y Adaptadores', 'USB, HDMI, audio y adaptadores'],
  ['Cargadores y Energía', 'Cargadores, baterías externas y zapatillas'],
  ['Periféricos', 'Teclados, mouses y accesorios de escritorio'],
  ['Almacenamiento', 'Pendrives, tarjetas de memoria y discos'],
  ['Cámaras y Video', 'Cámaras web, iluminación y soportes'],
  ['Celulares y Tablets', 'Fundas, protectores y soportes'],
  ['Redes', 'Routers, repetidores y adaptadores Wi-Fi'],
] as const;

const BRANDS = ['Logitech', 'Samsung', 'JBL', 'Kingston', 'TP-Link', 'Xiaomi', 'Genius', 'Sandisk'] as const;

type Category = (typeof CATEGORIES)[number][0];
type Brand = (typeof BRANDS)[number];
/** name, category, brand, price in pesos, stock, minimum stock, description */
type DemoProduct = [string, Category, Brand, number, number, number, string];

const PRODUCTS: DemoProduct[] = [
  ['Auriculares inalámbricos Bluetooth', 'Auriculares y Audio', 'JBL', 89999, 14, 5, 'Hasta 40 horas de batería, plegables, con micrófono'],
  ['Auriculares in-ear con micrófono', 'Auriculares y Audio', 'Xiaomi', 12999, 30, 8, 'Conector 3,5 mm, control de volumen en el cable'],
  ['Auriculares gamer con luz RGB', 'Auriculares y Audio', 'Genius', 54999, 4, 5, 'Sonido envolvente 7.1 virtual, conexión USB'],
  ['Parlante portátil resistente al agua', 'Auriculares y Audio', 'JBL', 259999, 6, 3, 'IP67, 20 horas de reproducción, Bluetooth 5.1'],
  ['Parlante Bluetooth compacto', 'Auriculares y Audio', 'Xiaomi', 39999, 18, 5, 'Ideal para el escritorio o la mochila'],
  ['Micrófono USB para streaming', 'Auriculares y Audio', 'Genius', 74999, 0, 3, 'Patrón cardioide, con trípode de mesa'],
  ['Auriculares True Wireless con cancelación de ruido', 'Auriculares y Audio', 'Samsung', 449999, 3, 2, 'Cancelación activa de ruido, estuche de carga inalámbrica'],
  ['Cable USB-C a USB-C 1 m', 'Cables y Adaptadores', 'Xiaomi', 6999, 60, 15, 'Carga rápida 60 W y datos USB 2.0'],
  ['Cable USB-C a Lightning 1 m', 'Cables y Adaptadores', 'Samsung', 11999, 25, 10, 'Compatible con carga rápida'],
  ['Cable HDMI 2.1 de 2 metros', 'Cables y Adaptadores', 'Genius', 14999, 22, 8, 'Soporta 4K a 120 Hz y 8K a 60 Hz'],
  ['Adaptador USB-C a HDMI', 'Cables y Adaptadores', 'TP-Link', 24999, 9, 5, 'Salida 4K para notebooks y tablets'],
  ['Hub USB-C 7 en 1', 'Cables y Adaptadores', 'TP-Link', 64999, 5, 5, 'HDMI, 3 USB-A, lector SD y microSD, carga PD 100 W'],
  ['Cable auxiliar 3,5 mm mallado', 'Cables y Adaptadores', 'JBL', 4999, 40, 10, 'Mallado de nailon, 1,2 metros'],
  ['Adaptador OTG micro USB', 'Cables y Adaptadores', 'Genius', 5499, 2, 6, 'Conectá un pendrive a tu celular'],
  ['Cargador rápido USB-C 25 W', 'Cargadores y Energía', 'Samsung', 29999, 20, 8, 'Super Fast Charging, sin cable'],
  ['Cargador de pared doble USB 12 W', 'Cargadores y Energía', 'Xiaomi', 9999, 35, 10, 'Dos puertos USB-A, apto 220 V'],
  ['Batería externa 10.000 mAh', 'Cargadores y Energía', 'Xiaomi', 44999, 12, 5, 'Carga rápida 22,5 W, USB-C de entrada y salida'],
  ['Batería externa 20.000 mAh', 'Cargadores y Energía', 'Samsung', 79999, 7, 4, 'Carga dos dispositivos a la vez'],
  ['Cargador inalámbrico 15 W', 'Cargadores y Energía', 'Samsung', 49999, 3, 4, 'Base Qi compatible con celulares y auriculares'],
  ['Cargador para auto USB-C + USB-A', 'Cargadores y Energía', 'TP-Link', 17999, 16, 6, 'Encendedor 12 V, carga rápida 30 W'],
  ['Zapatilla eléctrica con 4 USB', 'Cargadores y Energía', 'Genius', 32999, 10, 4, 'Tres tomas de 220 V con protección'],
  ['Mouse inalámbrico silencioso', 'Periféricos', 'Logitech', 24999, 28, 8, 'Clics silenciosos, receptor USB, pila incluida'],
  ['Mouse gamer 12.000 DPI', 'Periféricos', 'Logitech', 69999, 8, 4, 'Seis botones programables y luz RGB'],
  ['Teclado inalámbrico en español', 'Periféricos', 'Logitech', 47999, 11, 5, 'Distribución latinoamericana con ñ, resistente a salpicaduras'],
  ['Combo teclado y mouse inalámbricos', 'Periféricos', 'Genius', 38999, 5, 5, 'Receptor único USB, hasta 12 meses de batería'],
  ['Teclado mecánico compacto', 'Periféricos', 'Genius', 89999, 4, 3, 'Switches rojos, formato 60 %, retroiluminado'],
  ['Pad mouse extendido 80 x 30 cm', 'Periféricos', 'Logitech', 15999, 19, 6, 'Base antideslizante, bordes cosidos'],
  ['Pendrive 64 GB USB 3.2', 'Almacenamiento', 'Kingston', 13999, 45, 10, 'Lectura de hasta 100 MB/s'],
  ['Pendrive 128 GB USB 3.2', 'Almacenamiento', 'Sandisk', 21999, 26, 8, 'Carcasa metálica con llavero'],
  ['Tarjeta microSD 128 GB clase 10', 'Almacenamiento', 'Sandisk', 25999, 17, 8, 'Con adaptador SD, ideal para cámaras y celulares'],
  ['Tarjeta microSD 64 GB', 'Almacenamiento', 'Kingston', 15999, 0, 8, 'Velocidad A1 para aplicaciones'],
  ['Disco SSD externo 1 TB', 'Almacenamiento', 'Samsung', 189999, 4, 2, 'USB-C, hasta 1.050 MB/s, resistente a caídas'],
  ['Disco SSD interno 480 GB', 'Almacenamiento', 'Kingston', 59999, 9, 3, 'SATA III 2,5", reviví tu notebook'],
  ['Cámara web Full HD 1080p', 'Cámaras y Video', 'Logitech', 84999, 7, 4, 'Micrófono estéreo incorporado, corrección de luz automática'],
  ['Cámara web HD 720p', 'Cámaras y Video', 'Genius', 34999, 13, 5, 'Clip universal para monitor'],
  ['Aro de luz LED 26 cm con trípode', 'Cámaras y Video', 'Xiaomi', 29999, 2, 4, 'Tres tonos de luz y soporte para celular'],
  ['Trípode extensible para celular', 'Cámaras y Video', 'Genius', 19999, 15, 5, 'Hasta 1,6 m, con control remoto Bluetooth'],
  ['Funda de silicona para celular', 'Celulares y Tablets', 'Samsung', 9999, 50, 12, 'Interior de microfibra, varios colores'],
  ['Vidrio templado 9H', 'Celulares y Tablets', 'Xiaomi', 5999, 80, 20, 'Protección de pantalla completa'],
  ['Soporte de celular para auto', 'Celulares y Tablets', 'Xiaomi', 14999, 12, 5, 'Sujeción magnética a la rejilla'],
  ['Lápiz táctil para tablet', 'Celulares y Tablets', 'Samsung', 42999, 6, 3, 'Punta fina y rechazo de palma'],
  ['Router Wi-Fi doble banda AC1200', 'Redes', 'TP-Link', 79999, 8, 3, 'Cuatro antenas, control parental'],
  ['Repetidor Wi-Fi 300 Mbps', 'Redes', 'TP-Link', 32999, 10, 4, 'Extendé la señal a toda la casa'],
  ['Adaptador Wi-Fi USB nano', 'Redes', 'TP-Link', 12999, 21, 6, 'Wi-Fi 4 para PC de escritorio'],
];

/** EAN-13 with Argentina's 779 prefix and a correct check digit. */
function ean13(item: number): string {
  const base = `7791234${String(item).padStart(5, '0')}`;
  const sum = [...base].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

async function seedBusinessInfo(tx: Q): Promise<void> {
  const info = await first(tx.select().from(businessInfo).where(eq(businessInfo.id, 1)));
  if (info?.businessName) return;
  await tx
    .update(businessInfo)
    .set({
      businessName: 'TecnoPunto Accesorios',
      // The demo simulator's certificate CUIT: the ticket and the Factura print the same one (issue #33.1).
      cuit: '20111111112', // SIMULATOR_DEMO_CUIT (modules/invoices/runtime.ts)
      address: 'Av. Corrientes 1234',
      city: 'Ciudad Autónoma de Buenos Aires',
      province: 'Buenos Aires',
      postalCode: 'C1043',
      phone: '+54 9 11 5555-1234',
      email: 'ventas@tecnopunto.com.ar',
      whatsapp: '+54 9 11 5555-1234',
      description: 'Los mejores productos y accesorios de tecnología',
      openingHours: 'Lunes a sábado de 9 a 20 h',
      taxCondition: 'monotributo',
      startOfActivities: '2020-03-02',
      iibb: '901-123456-7',
    })
    .where(eq(businessInfo.id, 1));
}

/** The demo products it created (none when the shop already had products), for drawing their pictures. */
async function seedCatalogue(tx: Q): Promise<DemoItem[]> {
  if ((await productsRepository.countAll(tx)) > 0) return [];
  const created: DemoItem[] = [];
  const categoryIds = new Map<string, number>();
  for (const [order, [name, description]] of CATEGORIES.entries()) {
    categoryIds.set(name, (await categoriesRepository.insert(tx, { name, description, order: order + 1 })).id);
  }
  const brandIds = new Map<string, number>();
  for (const name of BRANDS) brandIds.set(name, (await brandsRepository.insert(tx, { name })).id);
  for (const [i, [name, category, brand, pesos, stock, minStock, description]] of PRODUCTS.entries()) {
    const code = ean13(i + 1);
    const { id } = await productsRepository.insert(tx, {
      code,
      name,
      description,
      priceCents: pesos * 100,
      costCents: Math.round(pesos * 0.6) * 100,
      minStock,
      categoryId: categoryIds.get(category),
      brandId: brandIds.get(brand),
      searchText: productSearchText({ name, code, description }),
    });
    if (stock > 0) await applyStockDelta(tx, id, stock, 'initial');
    created.push({ id, name, categoryIndex: CATEGORIES.findIndex(([c]) => c === category) });
  }
  return created;
}

export interface DemoItem {
  id: number;
  name: string;
  categoryIndex: number;
}

/** Business info and catalogue; the products' pictures are drawn into `uploadsDir`. */
export async function seedDemoData(store: Store, uploadsDir: string): Promise<void> {
  const created = await store.write(async (tx) => {
    await seedBusinessInfo(tx);
    return seedCatalogue(tx);
  });
  if (created.length === 0) return;
  const images = await drawDemoImages(created, uploadsDir);
  await store.write(async (tx) => {
    for (const [id, image] of images) await productsRepository.update(tx, id, { image });
  });
}
