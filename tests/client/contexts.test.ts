/** Using a context hook outside its provider is a developer error with a Spanish message (docs/spec.md §8). */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../src/session/auth-context';
import { useBusiness } from '../../src/session/business-context';
import { useThemeMode } from '../../src/theme/theme-mode-context';

function renderHookOutsideProvider(hook: () => unknown): () => string {
  const Probe = () => {
    hook();
    return null;
  };
  return () => renderToString(createElement(Probe));
}

describe('context hooks outside their providers', () => {
  it.each([
    ['useAuth', useAuth, 'useAuth debe usarse dentro de un AuthProvider'],
    ['useBusiness', useBusiness, 'useBusiness debe usarse dentro de un BusinessProvider'],
    ['useThemeMode', useThemeMode, 'useThemeMode debe usarse dentro de un ThemeModeProvider'],
  ])('%s throws a Spanish error', (_name, hook, message) => {
    expect(renderHookOutsideProvider(hook)).toThrow(message);
  });
});
