// Lint: TypeScript rules plus the architecture boundaries of docs/architecture.md «Límites»:
// src/ never imports server/, server/ never imports src/, domain/ imports neither; src/offline never imports
// src/api (the offline layer describes what it needs in src/offline/transport.ts; src/sync/instance.ts wires them).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((g) => ({ group: g, message: 'Cruza un límite de la arquitectura (docs/architecture.md «Límites»).' })) }],
});

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
  { files: ['src/**'], rules: forbid(['**/server/**', '*/server', 'better-sqlite3', 'drizzle-orm*', 'fastify*', '@fastify/*']) },
  { files: ['src/offline/**'], rules: forbid(['**/server/**', '*/server', 'better-sqlite3', 'drizzle-orm*', 'fastify*', '@fastify/*'], ['**/api/*', '**/api']) },
  { files: ['server/**'], rules: forbid(['**/src/**', 'react', 'react-dom', '@mantine/*', 'dexie*']) },
  { files: ['domain/**'], rules: forbid(['**/src/**', '**/server/**', 'react', '@mantine/*', 'dexie*', 'better-sqlite3', 'drizzle-orm*', 'fastify*', 'node:*']) },
);
