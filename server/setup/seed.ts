/**
 * First-start data: the admin user (ADMIN_PASSWORD or a random one announced once), the single
 * business-info row and the `ventas` numbering defaults; then (unless DEMO_DATA=false) a demo shop
 * (./demo-data.ts). Every step only fills what is missing, so it is safe on
 * every start.
 */
import { NUMBERING_DEFAULTS } from '../../domain/constants';
import type { AppConfig } from '../config';
import { businessInfo, configuration } from '../db/schema';
import type { Store } from '../db/store';
import { randomPassword } from '../modules/users/password';
import { countUsers, createUser } from '../modules/users/service';
import { seedDemoData } from './demo-data';

const NUMBERING_ENTRIES = [
  { clave: 'prefijo', valor: NUMBERING_DEFAULTS.prefijo, descripcion: 'Prefijo de los números de venta', esEditable: true },
  { clave: 'formato', valor: NUMBERING_DEFAULTS.formato, descripcion: 'Formato del número de venta', esEditable: true },
  { clave: 'sucursal', valor: NUMBERING_DEFAULTS.sucursal, descripcion: 'Identificador de sucursal', esEditable: true },
  { clave: 'numero_actual', valor: NUMBERING_DEFAULTS.numero_actual, descripcion: 'Próximo número a asignar', esEditable: false, tipo: 'number' },
];

export async function seedDatabase(store: Store, config: AppConfig, announce: (line: string) => void): Promise<void> {
  if ((await store.read(countUsers)) === 0) {
    const password = config.adminPassword ?? randomPassword();
    await createUser(store, { username: 'admin', fullName: 'Administrador', role: 'admin', password });
    announce(
      config.adminPassword
        ? 'Usuario inicial: admin (contraseña tomada de ADMIN_PASSWORD)'
        : `Usuario inicial: admin — contraseña: ${password}  (se muestra solo esta vez; cambiala en Mi Perfil)`,
    );
  }
  await store.write(async (tx) => {
    await tx.insert(businessInfo).values({ id: 1, businessName: '' }).onConflictDoNothing();
    for (const entry of NUMBERING_ENTRIES) {
      await tx.insert(configuration).values({ categoria: 'ventas', tipo: 'string', ...entry }).onConflictDoNothing();
    }
  });
  if (config.demoData) await seedDemoData(store, config.uploadsDir);
}
