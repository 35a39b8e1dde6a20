/** Demo shop for a fresh database (DEMO_DATA=false skips it). Only runs when the shop has no name yet. */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { businessInfo } from './schema';

export function seedDemoData(db: Db): void {
  const info = db.select().from(businessInfo).where(eq(businessInfo.id, 1)).get();
  if (info?.businessName) return;
  db.update(businessInfo)
    .set({
      businessName: 'TecnoPunto Accesorios',
      cuit: '20-12345678-9',
      address: 'Av. Corrientes 1234',
      city: 'Ciudad Autónoma de Buenos Aires',
      province: 'Buenos Aires',
      postalCode: 'C1043',
      phone: '+54 9 11 5555-1234',
      email: 'ventas@tecnopunto.com.ar',
      whatsapp: '+54 9 11 5555-1234',
      description: 'Los mejores productos y accesorios de tecnología',
      openingHours: 'Lunes a sábado de 9 a 20 h',
      taxCondition: 'Monotributo',
    })
    .where(eq(businessInfo.id, 1))
    .run();
}
