/**
 * The palette's fuzzy matcher. cmdk's built-in filter scores every mounted item on every keystroke
 * and re-sorts the DOM, which its own docs say slows down past a few thousand items; this one works
 * on plain data prepared once, narrows the previous result set when the query only grew, and
 * returns the best `limit` ids so the palette mounts a bounded number of rows.
 */

export interface MatchSource {
  readonly id: string
  readonly text: string
  readonly keywords?: readonly string[]
}

export interface MatchResult {
  readonly id: string
  readonly score: number
}

export interface MatchOutcome {
  readonly results: readonly MatchResult[]
  /** How many items matched in total, of which `results` holds the best. */
  readonly total: number
}

interface Prepared {
  readonly id: string
  readonly order: number
  readonly text: string
  readonly keywords: string
}

// Tiers keep the ranking explainable: any exact-prefix hit outranks any word-start hit, and so on.
const EXACT = 1
const PREFIX = 0.9
export const WORD_START = 0.8
const SUBSTRING = 0.6
const FUZZY_MAX = 0.5
// A hidden keyword never outranks a word the user can see: exact keyword (0.75) < word start (0.8).
const KEYWORD_FACTOR = 0.75

/** Lower case, accents folded and ß expanded, so `uber` finds `Über` and `strasse` finds `Straße`. */
export function normalize(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase()
}

function isBoundary(hay: string, index: number): boolean {
  if (index === 0) return true
  const before = hay.charCodeAt(index - 1)
  // Anything that is not a letter or digit separates words: space, '-', '/', '_', '.', '@'.
  return !((before >= 97 && before <= 122) || (before >= 48 && before <= 57) || before > 127)
}

function fuzzy(hay: string, needle: string): number {
  let from = 0
  let atWordStart = 0
  let gaps = 0
  for (let i = 0; i < needle.length; i++) {
    const at = hay.indexOf(needle[i], from)
    if (at < 0) return 0
    if (isBoundary(hay, at)) atWordStart++
    else if (at > from && i > 0) gaps++
    from = at + 1
  }
  const initials = atWordStart / needle.length
  return Math.max(0.05, FUZZY_MAX * (0.4 + 0.6 * initials) - 0.02 * gaps)
}

function scoreToken(hay: string, token: string, allowFuzzy: boolean): number {
  if (hay.length === 0) return 0
  const at = hay.indexOf(token)
  if (at === 0) return hay.length === token.length ? EXACT : PREFIX
  if (at > 0) {
    let next = at
    while (next >= 0) {
      if (isBoundary(hay, next)) return WORD_START
      next = hay.indexOf(token, next + 1)
    }
    return SUBSTRING
  }
  return allowFuzzy ? fuzzy(hay, token) : 0
}

function scoreItem(item: Prepared, tokens: readonly string[]): number {
  let total = 0
  for (const token of tokens) {
    const best = Math.max(
      scoreToken(item.text, token, true),
      // Keywords are a bag of unrelated words: a subsequence across them ("o" from mode, "r" from
      // appearance, "g" from night) is noise, so they match only as words or parts of words.
      KEYWORD_FACTOR * scoreToken(item.keywords, token, false),
    )
    if (best === 0) return 0
    total += best
  }
  return total / tokens.length
}

function tokenize(query: string): string[] {
  return normalize(query)
    .split(/\s+/)
    .filter((token) => token.length > 0)
}

function byScoreThenShorterThenOrder(a: Scored, b: Scored): number {
  return b.score - a.score || a.item.text.length - b.item.text.length || a.item.order - b.item.order
}

interface Scored {
  readonly item: Prepared
  readonly score: number
}

/**
 * The best `size` entries, kept sorted. One letter can match all 10,000 items; sorting them all to
 * show 50 cost more than the scoring itself, while most entries fail the single comparison with
 * the current worst here.
 */
class TopK {
  private readonly entries: Scored[] = []
  constructor(private readonly size: number) {}

  offer(entry: Scored) {
    const { entries } = this
    if (this.size <= 0) return
    const worst = entries[entries.length - 1]
    if (
      entries.length >= this.size &&
      worst !== undefined &&
      byScoreThenShorterThenOrder(entry, worst) >= 0
    )
      return
    let low = 0
    let high = entries.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (byScoreThenShorterThenOrder(entries[mid], entry) <= 0) low = mid + 1
      else high = mid
    }
    entries.splice(low, 0, entry)
    if (entries.length > this.size) entries.pop()
  }

  sorted(): readonly Scored[] {
    return this.entries
  }
}

export interface Matcher {
  search(query: string, limit: number): MatchOutcome
}

export function createMatcher(sources: readonly MatchSource[]): Matcher {
  const all: Prepared[] = sources.map((source, order) => ({
    id: source.id,
    order,
    text: normalize(source.text),
    keywords: normalize((source.keywords ?? []).join(' ')),
  }))
  // The last query and the items it matched: typing one more character can only remove matches,
  // so the next search scans this smaller set instead of everything.
  let lastTokens: readonly string[] = []
  let lastMatched: readonly Prepared[] = all

  function narrows(tokens: readonly string[]): boolean {
    if (lastTokens.length === 0 || tokens.length < lastTokens.length) return false
    return lastTokens.every((previous, i) => {
      const current = tokens[i]
      return i === lastTokens.length - 1 ? current.startsWith(previous) : current === previous
    })
  }

  return {
    search(query, limit) {
      const tokens = tokenize(query)
      if (tokens.length === 0) {
        lastTokens = []
        lastMatched = all
        return {
          results: all.slice(0, limit).map((item) => ({ id: item.id, score: 1 })),
          total: all.length,
        }
      }
      const pool = narrows(tokens) ? lastMatched : all
      const matched: Prepared[] = []
      const best = new TopK(limit)
      for (const item of pool) {
        const score = scoreItem(item, tokens)
        if (score <= 0) continue
        matched.push(item)
        best.offer({ item, score })
      }
      lastTokens = tokens
      lastMatched = matched
      return {
        results: best.sorted().map(({ item, score }) => ({ id: item.id, score })),
        total: matched.length,
      }
    },
  }
}

/**
 * Character ranges of `text` to emphasise for `query`, computed only for the rows on screen. Works
 * on the original text so a folded character (ß → ss) highlights as the one character it is.
 */
export function highlight(text: string, query: string): Array<readonly [number, number]> {
  const folded: string[] = []
  const origin: number[] = []
  for (let i = 0; i < text.length; i++) {
    for (const char of normalize(text[i])) {
      folded.push(char)
      origin.push(i)
    }
  }
  const hay = folded.join('')
  const marked = new Set<number>()
  for (const token of tokenize(query)) {
    const at = hay.indexOf(token)
    if (at >= 0) {
      for (let i = at; i < at + token.length; i++) marked.add(origin[i])
      continue
    }
    let from = 0
    for (const char of token) {
      const hit = hay.indexOf(char, from)
      if (hit < 0) break
      marked.add(origin[hit])
      from = hit + 1
    }
  }
  const ranges: Array<readonly [number, number]> = []
  for (const index of [...marked].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1]
    if (last !== undefined && last[1] === index) ranges[ranges.length - 1] = [last[0], index + 1]
    else ranges.push([index, index + 1])
  }
  return ranges
}
