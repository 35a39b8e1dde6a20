/**
 * The POS's resting focus is the search box: a keyboard-wedge scanner types into whatever has focus, so
 * after a sale, a closed dialog or a notice the focus goes back there (item: "the scanner dies").
 * Keys typed while the focus is nowhere useful (the page, a button, a notice) are handed to the box too.
 */
const SEARCH = 'input[data-pos-search]';

export function focusSearch(): void {
  document.querySelector<HTMLInputElement>(SEARCH)?.focus();
}

/** Focus the box again unless the cashier is in another field or a dialog. */
export function refocusSearchIfIdle(): void {
  const active = document.activeElement;
  if (active?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
  focusSearch();
}

/** POS keyboard shortcuts, shown on screen next to the actions they trigger. */
export const SHORTCUTS = { search: 'F2', charge: 'F9' } as const;
