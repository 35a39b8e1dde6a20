/**
 * Catalogue search terms. The text is folded like products.search_text (lower case, no accents), split
 * into words, and every word must appear: words of 3+ characters go to the FTS5 trigram index as quoted
 * phrases (ANDed), shorter ones (which a trigram index cannot find) become LIKE patterns.
 */
import { foldText } from '../../../domain/text';

export interface SearchTerms {
  /** FTS5 MATCH expression, or null when no word is long enough. */
  match: string | null;
  /** LIKE patterns (with `\` as escape) for the short words. */
  likes: string[];
  /** Every folded word (PostgreSQL matches each with LIKE on the trigram index). */
  words: string[];
}

/** `%word%` with LIKE's `\`, `%` and `_` escaped by `\`. */
export const likePattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const TRIGRAM = 3;

export function searchTerms(raw: string | undefined): SearchTerms | null {
  const words = [...new Set(foldText(raw).split(' ').filter(Boolean))];
  if (words.length === 0) return null;
  const long = words.filter((w) => [...w].length >= TRIGRAM);
  const short = words.filter((w) => [...w].length < TRIGRAM);
  return {
    match: long.length ? long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ') : null,
    likes: short.map(likePattern),
    words,
  };
}

/** The text the FTS index holds for a product: ONE definition, used on every insert and update. */
export function productSearchText(fields: { name: string; code?: string | null; description?: string | null }): string {
  return foldText([fields.name, fields.code, fields.description].filter(Boolean).join(' '));
}
