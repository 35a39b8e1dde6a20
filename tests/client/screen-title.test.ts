/** Each staff screen's document title (issue #38 item 4): every route under the staff layout has one. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenTitle } from '../../src/app/layout/screen-title';

const routes = readFileSync(path.resolve('src/app/StaffRoutes.tsx'), 'utf8');
// The screens of the staff layout: every route the staff table renders a page on, but the sign-in page.
const staffPaths = [...routes.matchAll(/<Route path="([^"]+)" element=\{<\w+Page \/>\} \/>/g)].map((m) => m[1]).filter((p) => p !== '/login');

describe('screen titles', () => {
  it('names the screen, then the app', () => {
    expect(screenTitle('/sales')).toBe('Ventas · Mostrador');
    expect(screenTitle('/pos')).toBe('Punto de Venta · Mostrador');
    expect(screenTitle('/customers/12/statement')).toBe('Estado de cuenta · Mostrador');
    expect(screenTitle('/profile')).toBe('Mi Perfil · Mostrador');
  });

  it('every staff route has its own title; an unknown path only the app name', () => {
    expect(staffPaths.length).toBeGreaterThanOrEqual(13);
    const titles = staffPaths.map((p) => screenTitle(p.replace(':id', '7')));
    expect(titles.filter((t) => t === 'Mostrador')).toEqual([]);
    expect(new Set(titles).size).toBe(titles.length);
    expect(screenTitle('/no-existe')).toBe('Mostrador');
  });
});
