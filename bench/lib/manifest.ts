/**
 * What a route downloads before its first render, read from the build manifest: the entry (index.html)
 * plus the route's lazy chunks, each with its static imports transitively, and the CSS they carry.
 * Sizes are gzip level 9 of the built files, as a server or CDN would send them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { manifestPaths } from '../../scripts/lib/wire-bytes';
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
  const files = manifestPaths(manifest, roots).map((url) => url.slice(1));
  const gz = (file: string) => gzipSync(readFileSync(path.join(BUILD_DIR, file)), { level: 9 }).length;
  const sum = (ext: string) => files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0);
  return { jsBytes: sum('.js'), cssBytes: sum('.css'), files: files.length };
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
