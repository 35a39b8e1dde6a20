/**
 * Bundles the server into build/server/main.mjs so `npm start` runs plain node: loading every module
 * through tsx cost most of a cold start (scripts/lib/bundle-server.ts).
 */
import { bundleServer } from './lib/bundle-server';

await bundleServer('build/server');
