/**
 * What a route downloads before its first render, read from the build manifest: the entry (index.html)
 * plus the route's lazy chunks, each with its static imports transitively, and the CSS they carry.
 * Sizes are gzip level 9 of the built files, as a server or CDN would send them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { manifestFile } from './build';
import { BUILD_DIR } from './paths';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface RouteBundle {
  jsBytes: number;
  cssBytes: number;
  files: number;
}

export function routeBundle(roots: string[]): RouteBundle {
  const manifest = JSON.parse(readFileSync(manifestFile(), 'utf8')) as Record<string, Chunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`El manifiesto no tiene ${key}`);
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  roots.forEach(visit);
  const files = new Set<string>();
  for (const key of seen) [manifest[key].file, ...(manifest[key].css ?? [])].forEach((file) => files.add(file));
  const gz = (file: string) => gzipSync(readFileSync(path.join(BUILD_DIR, file)), { level: 9 }).length;
  const sum = (ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);
  return { jsBytes: sum('.js'), cssBytes: sum('.css'), files: files.size };
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
