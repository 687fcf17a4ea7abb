import type { TranslationFunctions } from '../../i18n/i18n-types'

/**
 * A role in words: the seeded roles are translated; a role the server adds later has no words
 * here, so its id is spelled out ("site_manager" → "Site manager") rather than shown raw.
 */
export function roleName(LL: TranslationFunctions, role: string): string {
  const names = LL.users.roleNames
  if (Object.keys(names).includes(role)) return names[role as keyof typeof names]()
  const spelled = role.replaceAll('_', ' ').trim()
  return spelled.charAt(0).toUpperCase() + spelled.slice(1)
}
