/**
 * Which built files a visitor's service worker precaches (issue #17 item 8): only what the public pages
 * (landing, catalogue, payment results, login) can load — their chunks (the login page's route is in the
 * staff route table, src/app/StaffRoutes.tsx, whose static imports are the guards, not the screens), the static imports of those,
 * their CSS and the service-worker registration. Every other JS/CSS chunk is staff code: its precache
 * entry is marked with revision STAFF_REVISION, and src/sw.ts caches those only on a device where
 * staff signed in (message CACHE_STAFF), so the POS still opens offline there and visitors never
 * download it. Read from Vite's build manifest (dist/.vite/manifest.json), which is written before
 * vite-plugin-pwa builds the service worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Marker revision of staff entries in self.__WB_MANIFEST (hashed asset URLs need no revision). */
export const STAFF_REVISION = 'staff';

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

// workbox-window's key is relative to the project root: `../../main/node_modules/…` when node_modules is a link.
// (ky's chunk is staff code: src/api/client.ts loads it with the first staff call.)
const PUBLIC_ROOT = /^(index\.html|src\/features\/public\/.+|src\/features\/auth\/LoginPage\.tsx|src\/app\/StaffRoutes\.tsx|src\/pwa\/.+|(.*\/)?node_modules\/workbox-window\/.+)$/;

/** Files (relative to the build directory) the public pages may load. */
export function publicFiles(manifest: Record<string, Chunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => PUBLIC_ROOT.test(key))
    .forEach(visit);
  const files = new Set<string>();
  for (const key of seen) [manifest[key].file, ...(manifest[key].css ?? []), ...(manifest[key].assets ?? [])].forEach((f) => files.add(f));
  return files;
}

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

/** vite-plugin-pwa `manifestTransforms` step: marks staff JS/CSS entries (see the header). */
export function markStaffEntries(outDir: () => string) {
  return async (entries: Entry[]) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir(), '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const open = publicFiles(manifest);
    const isStaff = (url: string) => /^assets\/.+\.(js|css)$/.test(url) && !open.has(url);
    return { manifest: entries.map((e) => (isStaff(e.url) ? { ...e, revision: STAFF_REVISION } : e)), warnings: [] };
  };
}
