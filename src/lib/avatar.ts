// 26 colours, one per letter of the Latin alphabet (requirements R3.14). All are dark enough for
// white initials to meet WCAG AA contrast.
export const avatarPalette = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#be123c',
  '#9a3412',
  '#854d0e',
  '#3f6212',
  '#166534',
  '#115e59',
  '#155e75',
  '#1e40af',
  '#3730a3',
  '#5b21b6',
  '#86198f',
] as const

/** Initials of the first two words, upper-cased ("ada lovelace byron" → "AL"). */
export function initials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('')
}

/** Palette index by the first letter: a→0 … z→25; other characters (digits, empty) fold into range. */
export function avatarColorIndex(fullName: string): number {
  const first = fullName.trim().toLowerCase().normalize('NFD').charCodeAt(0)
  if (Number.isNaN(first)) return 0
  const letter = first - 97
  return letter >= 0 && letter < 26 ? letter : first % 26
}

export function avatarColor(fullName: string): string {
  return avatarPalette[avatarColorIndex(fullName)] ?? avatarPalette[0]
}
