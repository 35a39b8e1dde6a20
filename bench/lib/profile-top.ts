/**
 * Reads a V8 CPU profile written by `npm run bench -- --profile` (bench/.data/profiles/*.cpuprofile) and
 * prints where the time went: the functions with the most self time, and the share of time under each
 * top-level area (SQLite, zod, fastify, tsx loading...), for each file given. Usage:
 * `npx tsx bench/lib/profile-top.ts <file>... [n]`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
// A server process writes one profile per thread (its main thread and, on SQLite, the checkpoint worker).
const files = args.filter((arg) => !/^\d+$/.test(arg));
const top = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 25);

const where = (node: Node) => {
  const url = node.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
  const short = url.includes('node_modules/') ? url.slice(url.lastIndexOf('node_modules/') + 13) : url;
  return `${node.callFrame.functionName || '(anónima)'} ${short}:${node.callFrame.lineNumber + 1}`;
};
const areaOf = (node: Node) => {
  const url = node.callFrame.url;
  return url.includes('node_modules/') ? url.split('node_modules/').pop()!.split('/').slice(0, url.includes('node_modules/@') ? 2 : 1).join('/') : url ? url.replace(/^file:\/\//, '').replace(process.cwd(), '.').split('/').slice(0, 3).join('/') : node.callFrame.functionName;
};

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    byFunction.set(where(node), (byFunction.get(where(node)) ?? 0) + ms);
    byPackage.set(areaOf(node), (byPackage.get(areaOf(node)) ?? 0) + ms);
  }
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
  console.log(`${file}: ${total.toFixed(0)} ms muestreados`);
  print('Tiempo propio por función', byFunction, top);
  print('Tiempo propio por paquete o carpeta', byPackage, 15);
}
