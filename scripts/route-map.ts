/** `npm run docs:routes`: rewrites the route map in server/README.md from the route files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { routeRows, withRouteTable } from './lib/route-map';

const file = 'server/README.md';
writeFileSync(file, withRouteTable(readFileSync(file, 'utf8'), routeRows(process.cwd())));
console.log(`${file}: mapa de rutas actualizado`);
