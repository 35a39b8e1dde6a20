// Lint: TypeScript rules plus the architecture boundaries of docs/architecture.md «Límites»:
// src/ never imports server/, server/ never imports src/, domain/ imports neither; inside each side the
// dependencies between folders run one way (each rule below names the back-edge it refuses).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((g) => ({ group: g, message: 'Cruza un límite de la arquitectura (docs/architecture.md «Límites»).' })) }],
});

// Every module reaches the database through the persistence port (server/db/store.ts, issue #20): every query is awaited, so it
// runs on SQLite and PostgreSQL alike; SQLite's synchronous `.all()`, `.get()` and `.run()` are refused,
// and so is the legacy SQLite handle (`app.db`, `app.sqlite`, the `Db` type).
const STORE_MODULES = ['server/modules/**', 'server/setup/**'];
const SYNC_QUERY = {
  selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(all|get|run)$/][object.type='CallExpression']",
  message: 'Consulta síncrona de SQLite: usá `await` (o `first()`) del puerto server/db/store.ts.',
};
const LEGACY_HANDLE = {
  selector: "MemberExpression[object.name='app'][property.name=/^(db|sqlite)$/]",
  message: 'Manejador SQLite heredado: usá app.store (server/db/store.ts).',
};

const SRC = ['**/server/**', '*/server', 'better-sqlite3', 'drizzle-orm*', 'fastify*', '@fastify/*'];
const SERVER = ['**/src/**', 'react', 'react-dom', '@mantine/*', 'dexie*'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'coverage/**', 'dev-dist/**', 'bench/.data/**', 'tests/.artifacts/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // A later entry replaces the rule for its files, so each repeats the side's own group (SRC, SERVER).
  { files: ['src/**'], rules: forbid(SRC) },
  // Screens get the session and the shop from src/session/; app/ (providers, routes) imports features, not the reverse.
  { files: ['src/features/**'], rules: forbid(SRC, ['**/app/**']) },
  // The build renders the public pages' first view with React's server renderer (scripts/lib/prerender-public.ts).
  { files: ['src/app/prerender.tsx'], rules: forbid(SRC.filter((group) => group !== '*/server')) },
  // The two classic scripts the public pages run before React (theme, then the start after the first paint).
  { files: ['public/*.js'], languageOptions: { globals: { document: 'readonly', localStorage: 'readonly', requestAnimationFrame: 'readonly', setTimeout: 'readonly' } } },
  // src/offline (Dexie, outbox, sync engine) describes what it needs from the network in offline/transport.ts;
  // src/sync/instance.ts wires it to src/api/sync.ts.
  { files: ['src/offline/**'], rules: forbid(SRC, ['**/api/*', '**/api']) },
  { files: ['server/**'], rules: forbid(SERVER) },
  // db/ is the data layer every module uses: it imports no module (seed and demo data live in setup/).
  // http/ is the plumbing every route uses: auth reads users through its SessionUsers port, wired by app.ts.
  { files: ['server/db/**', 'server/http/**'], rules: forbid(SERVER, ['**/modules/**']) },
  // brands and categories → products (they ask it before deleting); products reads neither module.
  { files: ['server/modules/products/**'], rules: forbid(SERVER, ['../brands/**', '../categories/**']) },
  { files: ['server/modules/brands/**', 'server/modules/categories/**'], rules: forbid(SERVER, ['../products/*', '!../products/service']) },
  // auth → users, through the users service; users (which owns password hashing) imports nothing of auth.
  { files: ['server/modules/auth/**'], rules: forbid(SERVER, ['../users/*', '!../users/service', '!../users/password']) },
  { files: ['server/modules/users/**'], rules: forbid(SERVER, ['../auth/**']) },
  // sync writes captured sales through the sales service (and its context), never its routes or repository.
  { files: ['server/modules/sync/**'], rules: forbid(SERVER, ['../sales/*', '!../sales/service', '!../sales/context']) },
  // Type-aware on the server: a query or unit of work that is not awaited would run after its transaction.
  {
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/await-thenable': 'error' },
  },
  {
    files: STORE_MODULES,
    rules: {
      'no-restricted-syntax': ['error', SYNC_QUERY, LEGACY_HANDLE],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: '../../db/client', importNames: ['Db'], message: LEGACY_HANDLE.message }] }],
    },
  },
  { files: ['domain/**'], rules: forbid(['**/src/**', '**/server/**', 'react', '@mantine/*', 'dexie*', 'better-sqlite3', 'drizzle-orm*', 'fastify*', 'node:*']) },
);
