/**
 * Top-bar slot for the POS sync-status indicator (pending sales, offline). It renders nothing until the
 * offline/sync engine provides its indicator; the staff layout already reserves its place in the bar.
 */
export function SyncStatusSlot() {
  return null;
}
