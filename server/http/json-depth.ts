/** No request of the contract nests deeper than this; anything deeper is hostile or broken. */
export const MAX_JSON_DEPTH = 32

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by one scan of the text
 * (strings skipped) before JSON.parse: validating a value thousands of levels deep would exhaust
 * the stack (ASVS 5.0 1.5.2).
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i += 1
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1
      if (depth > max) return true
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1
  }
  return false
}
