// Runs in <head> before the first paint (a file, not inline: the CSP allows only 'self' scripts). Puts the
// saved theme (localStorage themeMode, default light; docs/spec.md §4) on <html> the way Mantine reads it,
// so a prerendered public page shows its colours at once; ThemeModeProvider keeps it in step afterwards.
try {
  document.documentElement.setAttribute('data-mantine-color-scheme', localStorage.getItem('themeMode') === 'dark' ? 'dark' : 'light');
} catch {
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
}
