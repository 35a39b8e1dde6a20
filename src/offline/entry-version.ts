/**
 * Outbox entries captured under an older sync schema (issue #17 item 11). Every entry records the
 * SYNC_SCHEMA_VERSION it was captured for, and a push speaks only the current one (the server refuses
 * any other), so an older entry is brought up one version at a time before it is sent: UPGRADES[v] turns
 * a version-v entry into a version v+1 one. The upgraded entry is what is marked, sent and written back,
 * so a queued sale is never dropped nor retried forever in a shape the server refuses.
 * Invariant: bumping SYNC_SCHEMA_VERSION adds the step from the previous version here (a client test
 * fails otherwise). Version 1 is the first the protocol ever had, so there is no step yet.
 */
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { OutboxEntry } from './db';
import { OFFLINE_MSG } from './messages';

export type EntryUpgrade = (entry: OutboxEntry) => OutboxEntry;

/** The first version an outbox entry was ever written with. */
export const FIRST_ENTRY_VERSION = 1;

export const UPGRADES: Readonly<Record<number, EntryUpgrade>> = {};

/** The entry in the current version's shape (itself when it already is). */
export function upgradeEntry(entry: OutboxEntry): OutboxEntry {
  let current = entry;
  while (current.schemaVersion < SYNC_SCHEMA_VERSION) {
    const step = UPGRADES[current.schemaVersion];
    if (!step) throw new Error(OFFLINE_MSG.entryVersionUnknown(current.schemaVersion));
    current = { ...step(current), schemaVersion: current.schemaVersion + 1 };
  }
  return current;
}
