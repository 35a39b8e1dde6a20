/** Process entry: `npm start`. Builds the client if needed, opens the database, listens on PORT. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();

if (process.argv.includes('--build-if-needed') && !existsSync(path.join(config.clientDir, 'index.html'))) {
  console.log('Compilando la aplicación web (solo la primera vez)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const app = await buildApp(config, { logger: true, announce: (line) => console.log(`\n  ${line}\n`) });
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
console.log(`\n  Mostrador listo en http://localhost:${config.port}  (API: /api, documentación: /api/docs)\n`);
