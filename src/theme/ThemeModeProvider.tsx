/**
 * Theme mode (docs/spec.md §4): light or dark, read at start from localStorage `themeMode` (default light),
 * saved back on every change and mirrored as `data-theme` on <body>. Wraps MantineProvider.
 */
import { MantineProvider } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../domain/constants';
import { ThemeModeContext, type ThemeMode } from './theme-mode-context';
import { cssVariablesResolver, theme } from './theme';

function readStoredMode(): ThemeMode {
  try {
    return localStorage.getItem(STORAGE_KEYS.themeMode) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readStoredMode);

  useEffect(() => {
    document.body.dataset.theme = mode;
    try {
      localStorage.setItem(STORAGE_KEYS.themeMode, mode);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  }, [mode]);

  const toggleMode = useCallback(() => setMode((m) => (m === 'light' ? 'dark' : 'light')), []);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={mode}>
        {children}
      </MantineProvider>
    </ThemeModeContext.Provider>
  );
}
