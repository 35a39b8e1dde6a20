/**
 * Vite build step (issue #39 item 10): writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * next to every text file of the build (JavaScript, CSS, HTML, SVG, the web manifest), after every other
 * step has written its files (the service worker and the prerendered pages included). The server sends
 * them as they are (@fastify/static `preCompressed`, server/app.ts): brotli to a browser that accepts it,
 * gzip to one that accepts only gzip, the file itself otherwise, with `Vary: Accept-Encoding`.
 * Invariant: a copy exists only when it is smaller than the file, and it decompresses to the same bytes
 * (the build is emptied first, so no copy outlives its file).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every compressible file under `dir` (not the build's own `.vite/` folder: the server never sends it). */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).includes('.vite'));
}

/** Writes `file.br` and `file.gz` where they are smaller than the file; returns the file's and the sent (brotli or plain) sizes. */
export async function precompressFile(file: string): Promise<{ bytes: number; brotliBytes: number }> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gz(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
  return { bytes: source.length, brotliBytes: Math.min(br.length, source.length) };
}

/** Precompresses every text file under `dir`; returns how many, and their bytes before and after brotli. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let bytes = 0;
  let brotliBytes = 0;
  const files = await compressibleFiles(dir);
  for (const file of files) {
    const sizes = await precompressFile(file);
    bytes += sizes.bytes;
    brotliBytes += sizes.brotliBytes;
  }
  return { files: files.length, bytes, brotliBytes };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mostrador-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // 'post' and sequential: after vite-plugin-pwa has written sw.js in its own closeBundle.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
