/**
 * A zip bomb never reaches the spreadsheet reader. An .xlsx is a ZIP; the 8 MB upload limit says nothing
 * about what it inflates to (deflate reaches about 1000:1, so 2 GB in memory). Before exceljs loads it,
 * every entry is inflated here with zlib's maxOutputLength, whatever sizes its headers declare (they can
 * lie), and the whole must stay within XLSX_UNPACKED_MAX_BYTES in at most XLSX_MAX_ENTRIES entries.
 * Invariant: checkZip says 'ok' only when every entry inflated within the limits, and never throws; it
 * holds at most one entry, capped at what is left of the limit, in memory at once.
 */
import { inflateRawSync } from 'node:zlib';

/** Far above a 5,000-row sheet's real content (its XML inflates 5–20×), far below what hurts the server. */
export const XLSX_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 1000;

export type ZipVerdict = 'ok' | 'too-large' | 'invalid';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/** Inflates each entry of the ZIP in `bytes` within the limits; says whether it fits, or is not a ZIP it can read. */
export function checkZip(bytes: Buffer, maxBytes = XLSX_UNPACKED_MAX_BYTES): ZipVerdict {
  const end = bytes.length >= 22 ? endOfCentralDirectory(bytes) : -1;
  if (end < 0) return 'invalid';
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries > XLSX_MAX_ENTRIES) return 'too-large';
  let left = maxBytes;
  try {
    for (let i = 0; i < entries; i++) {
      if (bytes.readUInt32LE(at) !== CENTRAL) return 'invalid';
      const method = bytes.readUInt16LE(at + 10);
      const compressed = bytes.readUInt32LE(at + 20);
      const local = bytes.readUInt32LE(at + 42);
      at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
      // ZIP64 (sizes of 4 GB and more) has no place in a spreadsheet of 8 MB.
      if (compressed === 0xffffffff || local === 0xffffffff) return 'too-large';
      if (bytes.readUInt32LE(local) !== LOCAL) return 'invalid';
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      if (start + compressed > bytes.length) return 'invalid';
      const data = bytes.subarray(start, start + compressed);
      let size: number;
      if (method === 0) size = data.length;
      else if (method === 8) size = inflateRawSync(data, { maxOutputLength: left + 1 }).length;
      else return 'invalid';
      left -= size;
      if (left < 0) return 'too-large';
    }
  } catch (error) {
    // zlib's ERR_BUFFER_TOO_LARGE is the limit; anything else (an offset out of range, bad deflate data) is a damaged archive.
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'invalid';
  }
  return 'ok';
}
