/**
 * First-start data: the admin user (ADMIN_PASSWORD or a random one announced once), the single
 * business-info row, the `ventas` numbering defaults, and (unless DEMO_DATA=false) a demo shop.
 * Every step only fills what is missing, so it is safe on every start.
 */
import { NUMBERING_DEFAULTS } from '../../domain/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
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

/** `db`: the SQLite handle, only for seedDemoData until it moves to the store (issue #20). */
export async function seedDatabase(store: Store, db: Db, config: AppConfig, announce: (line: string) => void): Promise<void> {
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
  if (config.demoData) await seedDemoData(db, config.uploadsDir);
}
