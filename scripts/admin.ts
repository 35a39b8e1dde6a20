/**
 * `npm run admin -- <orden>`: account recovery from the shop's computer, for when nobody can sign in.
 *   reset-password <usuario>              a new random password, printed once; the user's sessions are revoked
 *   create-user <usuario> [nombre] [--vendedor]   another account (admin unless --vendedor), password printed once
 *   activate <usuario>                    re-enables a deactivated account
 * It works on the server's database, running or not, chosen as the server chooses it (server/app.ts):
 * DATABASE_URL's PostgreSQL when set, otherwise DATA_DIR's SQLite file (SQLite serialises the writes).
 */
import { createUserBody } from '../domain/schemas/auth';
import { loadConfig, type AppConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pgStore } from '../server/db/pg-store';
import { sqliteStore } from '../server/db/sqlite-store';
import type { Store } from '../server/db/store';
import { randomPassword } from '../server/modules/users/password';
import { checkCredentials } from '../server/modules/auth/service';
import { createUser, findUser, updateUser } from '../server/modules/users/service';
import { refuseWhenServiceInstalled } from './lib/service';

refuseWhenServiceInstalled('admin');

/** The CLI acts as no signed-in user (id 0), so the "not yourself" guard never applies. */
const CLI_ACTOR = 0;

const USAGE = `Uso:
  npm run admin -- reset-password <usuario>
  npm run admin -- create-user <usuario> ["Nombre completo"] [--vendedor]
  npm run admin -- activate <usuario>`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, username, ...rest] = process.argv.slice(2);
if (!command || !username) fail(USAGE, 2);

/** The server's store (migrated at open, as the server does) and how to close it. */
async function openStore(config: AppConfig): Promise<{ store: Store; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    const store = await pgStore(config.databaseUrl, { max: 2 });
    return { store, close: () => store.close() };
  }
  const { db, sqlite } = openDatabase(config.dbFile);
  const store = sqliteStore(config.dbFile, db);
  return {
    store,
    close: async () => {
      await store.close();
      sqlite.close();
    },
  };
}

const config = loadConfig();
/** Which database this acted on, named in every answer (the server's must be the same). */
const where = config.databaseUrl ? `la base PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}` : config.dbFile;
const { store, close } = await openStore(config);
try {
  const user = await store.read((q) => findUser(q, { username }));
  switch (command) {
    case 'reset-password': {
      if (!user) fail(`No existe el usuario "${username}".`);
      const password = randomPassword();
      await updateUser(store, user.id, { password }, CLI_ACTOR);
      // Read back as the server's sign-in does, on the same database: what is printed is what signs in.
      const signsIn = await checkCredentials(store, username, password).then(
        () => true,
        () => false,
      );
      console.log(`Nueva contraseña de ${username}: ${password}`);
      console.log(`Guardada en ${where}; las sesiones abiertas de ese usuario quedaron cerradas.`);
      if (signsIn) console.log('Comprobado: con esta contraseña el servidor deja entrar (los intentos fallidos anteriores ya no bloquean la cuenta).');
      else if (!user.active) console.log(`El usuario está desactivado y no puede entrar: activalo con la orden activate ${username}`);
      else fail('La contraseña guardada no se pudo comprobar: no la uses y repetí la orden.');
      break;
    }
    case 'create-user': {
      const role = rest.includes('--vendedor') ? 'vendedor' : 'admin';
      const fullName = rest.find((arg) => !arg.startsWith('--')) ?? (role === 'admin' ? 'Administrador' : username);
      const password = randomPassword();
      const parsed = createUserBody.safeParse({ username, fullName, role, password });
      if (!parsed.success) fail(`Datos inválidos: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
      const created = await createUser(store, parsed.data).catch((error: Error) => fail(error.message));
      console.log(`Usuario ${created.username} (${created.role}) creado en ${where}. Contraseña: ${password}`);
      console.log('Se muestra solo esta vez; cambiala en Mi Perfil.');
      break;
    }
    case 'activate': {
      if (!user) fail(`No existe el usuario "${username}".`);
      await updateUser(store, user.id, { active: true }, CLI_ACTOR);
      console.log(`Usuario ${username} activado en ${where}.`);
      break;
    }
    default:
      fail(USAGE, 2);
  }
} finally {
  await close();
}
