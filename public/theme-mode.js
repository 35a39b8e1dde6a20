// Runs in <head> before the first paint (a file, not inline: the CSP allows only 'self' scripts). Puts the
// saved theme (localStorage themeMode, default light; docs/spec.md §4) on <html> the way Mantine reads it,
// so a prerendered public page shows its colours at once, and on <body> as data-theme (the spec's mark) as
// soon as the body is parsed, before React arrives; ThemeModeProvider keeps both in step afterwards.
(function () {
  var mode = 'light';
  try {
    if (localStorage.getItem('themeMode') === 'dark') mode = 'dark';
  } catch {
    // Storage blocked (private mode): the default theme.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', mode);
  document.addEventListener('DOMContentLoaded', function () {
    if (!document.body.dataset.theme) document.body.dataset.theme = mode;
  });
})();
