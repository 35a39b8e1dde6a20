/**
 * First-start data: the admin user (ADMIN_PASSWORD or a random one announced once), the single
 * business-info row and the `ventas` numbering defaults; then (unless DEMO_DATA=false) the app seeds a
 * demo shop through the store (./demo-data.ts). Every step only fills what is missing, so it is safe on
 * every start.
 */
import { NUMBERING_DEFAULTS } from '../../domain/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { businessInfo, configuration } from '../db/schema';
import { randomPassword } from '../modules/users/password';
import { countUsers, createUser } from '../modules/users/service';

const NUMBERING_ENTRIES = [
  { clave: 'prefijo', valor: NUMBERING_DEFAULTS.prefijo, descripcion: 'Prefijo de los números de venta', esEditable: true },
  { clave: 'formato', valor: NUMBERING_DEFAULTS.formato, descripcion: 'Formato del número de venta', esEditable: true },
  { clave: 'sucursal', valor: NUMBERING_DEFAULTS.sucursal, descripcion: 'Identificador de sucursal', esEditable: true },
  { clave: 'numero_actual', valor: NUMBERING_DEFAULTS.numero_actual, descripcion: 'Próximo número a asignar', esEditable: false, tipo: 'number' },
];

export async function seedDatabase(db: Db, config: AppConfig, announce: (line: string) => void): Promise<void> {
  if (countUsers(db) === 0) {
    const password = config.adminPassword ?? randomPassword();
    await createUser(db, { username: 'admin', fullName: 'Administrador', role: 'admin', password });
    announce(
      config.adminPassword
        ? 'Usuario inicial: admin (contraseña tomada de ADMIN_PASSWORD)'
        : `Usuario inicial: admin — contraseña: ${password}  (se muestra solo esta vez; cambiala en Mi Perfil)`,
    );
  }
  db.insert(businessInfo).values({ id: 1, businessName: '' }).onConflictDoNothing().run();
  for (const entry of NUMBERING_ENTRIES) {
    db.insert(configuration).values({ categoria: 'ventas', tipo: 'string', ...entry }).onConflictDoNothing().run();
  }
}
