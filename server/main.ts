/**
 * Process entry: `npm start`. Builds the client if needed, opens the database, listens on PORT.
 * SIGTERM/SIGINT close gracefully: no new connections, in-flight requests (a push, an invoice call)
 * finish, background work stops, the WAL is checkpointed and the database closed (app.ts onClose);
 * only if that takes longer than SHUTDOWN_GRACE_MS does the process leave without waiting.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { removePidFile, writePidFile } from './process-lock';

const SHUTDOWN_GRACE_MS = 30_000;

const config = loadConfig();

if (process.argv.includes('--build-if-needed') && !existsSync(path.join(config.clientDir, 'index.html'))) {
  console.log('Compilando la aplicación web (solo la primera vez)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const app = await buildApp(config, { logger: true, announce: (line) => console.log(`\n  ${line}\n`) });
let closing = false;
const close = async (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: cerrando (se terminan las solicitudes en curso)`);
  setTimeout(() => {
    app.log.error('El cierre tardó demasiado; saliendo sin esperar más');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await app.close();
  removePidFile(config.dataDir);
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
writePidFile(config.dataDir);
console.log(`\n  Mostrador listo en ${config.tls ? 'https' : 'http'}://localhost:${config.port}  (API: /api, documentación: /api/docs)\n`);
