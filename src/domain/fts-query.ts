/**
 * Spec §4 'Search' on D1's FTS5 index: what a supporter types becomes an FTS5 MATCH expression
 * that can never be a syntax error. FTS5's own syntax (AND/OR/NOT/NEAR, `*`, `^`, `column:`,
 * parentheses, `+`) is never passed through: each word is reduced to its letters and digits and
 * quoted, so it is a string to match and nothing else. A quoted part of the input ("kit launch",
 * as Exact matches sends it) stays one phrase. Only the last word, when the supporter typed it
 * unquoted, gets the prefix `*`, added here, so results appear while the word is still being typed.
 */

/** Terms beyond this are dropped: a 2,000-character paste still makes a small, fast query. */
export const MAX_FTS_TERMS = 16;
/** Longer tokens are cut: no word in the index is this long. */
export const MAX_FTS_TOKEN_LENGTH = 64;

/** Letters, digits and combining marks: what FTS5's unicode61 tokenizer keeps as a token. */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
/** A quoted phrase, or a run of anything else that is not a space or a quote. */
const PART = /"([^"]*)"|([^"\s]+)/g;

interface Term {
  tokens: string[];
  quoted: boolean;
}

function tokensOf(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((token) => token.slice(0, MAX_FTS_TOKEN_LENGTH));
}

/**
 * The MATCH expression for `input`, or null when nothing in it can match (empty, only
 * punctuation, emoji or operators): the caller answers 'no results' without asking D1.
 */
export function ftsMatchExpression(input: string): string | null {
  const terms: Term[] = [];
  for (const match of input.matchAll(PART)) {
    const quoted = match[1] !== undefined;
    const tokens = tokensOf(match[1] ?? match[2] ?? "");
    if (tokens.length > 0) terms.push({ tokens, quoted });
    if (terms.length === MAX_FTS_TERMS) break;
  }
  if (terms.length === 0) return null;
  return terms
    .map((term, index) => {
      // The tokens hold no quote, so the string needs no escaping; "don't" stays the phrase "don t".
      const phrase = `"${term.tokens.join(" ")}"`;
      return index === terms.length - 1 && !term.quoted ? `${phrase}*` : phrase;
    })
    .join(" ");
}
