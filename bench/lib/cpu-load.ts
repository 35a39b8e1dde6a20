/** The machine's 1-minute load average now (the bench shares 2 cores): recorded with each figure as it is measured. */
import os from 'node:os';

export const loadNow = (): number => Math.round(os.loadavg()[0] * 100) / 100;

/** Load when a measure starts and ends, for a figure's details. */
export async function withLoad<T>(measure: () => Promise<T>): Promise<{ value: T; loadStart: number; loadEnd: number }> {
  const loadStart = loadNow();
  const value = await measure();
  return { value, loadStart, loadEnd: loadNow() };
}
