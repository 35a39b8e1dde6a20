/**
 * Public pages load only the Mantine component styles listed in src/main.tsx, plus the few a lazily
 * loaded public module imports itself (dialogs, the phone drawer, the login page; the staff chunk adds
 * its own per-component list, src/app/layout/staff-styles.ts, checked by mantine-styles.test.ts). Every Mantine component the public side renders must have its stylesheet (and the
 * ones it builds on) in src/main.tsx or in the file that renders it, or it shows unstyled (a missing
 * NavLink.css once broke the phone drawer).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC_SOURCES = ['src/features/public', 'src/features/auth/LoginPage.tsx', 'src/app/App.tsx', 'src/app/AppRoutes.tsx', 'src/app/RequireAuth.tsx', 'src/pwa', 'src/theme', 'src/ui/ThemeToggle.tsx', 'src/ui/ErrorAlert.tsx', 'src/ui/FeedbackAlert.tsx', 'src/ui/CenteredLoader.tsx'];

function files(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

/** Stylesheets a component builds on (Mantine's documented dependencies among the ones used here). */
const BUILDS_ON: Record<string, string[]> = { Modal: ['Overlay', 'ModalBase'], Drawer: ['Overlay', 'ModalBase'], PasswordInput: ['Input'] };

describe('public Mantine styles', () => {
  it('lists the stylesheet of every Mantine component the public pages use', () => {
    const main = readFileSync('src/main.tsx', 'utf8');
    const missing: string[] = [];
    for (const file of PUBLIC_SOURCES.flatMap(files).filter((f) => /\.tsx?$/.test(f))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)) {
        const names = match[1].split(',').map((n) => n.replace(/\btype\b/, '').trim());
        // Rendered here (JSX), not only configured (theme.ts extends components it never renders).
        const rendered = names.filter((name) => name && new RegExp(`<${name}[\\s.>/]`).test(source));
        for (const sheet of rendered.flatMap((name) => [name, ...(BUILDS_ON[name] ?? [])])) {
          const listed = main.includes(`styles/${sheet}.css'`) || source.includes(`styles/${sheet}.css'`);
          if (existsSync(`node_modules/@mantine/core/styles/${sheet}.css`) && !listed) missing.push(`${file}: ${sheet}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
