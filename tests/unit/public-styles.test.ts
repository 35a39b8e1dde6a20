/**
 * Public pages load only the Mantine component styles listed in src/main.tsx (the staff chunk loads the
 * full sheet). Every Mantine component the public side renders must have its stylesheet listed there,
 * or it shows unstyled (a missing NavLink.css once broke the phone drawer).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC_SOURCES = ['src/features/public', 'src/features/auth/LoginPage.tsx', 'src/app/App.tsx', 'src/app/AppRoutes.tsx', 'src/app/RequireAuth.tsx', 'src/pwa', 'src/theme', 'src/ui/ThemeToggle.tsx', 'src/ui/ErrorAlert.tsx', 'src/ui/FeedbackAlert.tsx', 'src/ui/CenteredLoader.tsx'];

function files(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

describe('public Mantine styles', () => {
  it('lists the stylesheet of every Mantine component the public pages use', () => {
    const main = readFileSync('src/main.tsx', 'utf8');
    const used = new Set<string>();
    for (const file of PUBLIC_SOURCES.flatMap(files).filter((f) => /\.tsx?$/.test(f))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)) {
        for (const name of match[1].split(',').map((n) => n.replace(/\btype\b/, '').trim())) if (name) used.add(name);
      }
    }
    const missing = [...used].filter((c) => existsSync(`node_modules/@mantine/core/styles/${c}.css`) && !main.includes(`styles/${c}.css'`));
    expect(missing).toEqual([]);
  });
});
