import type { TranslationFunctions } from '../../i18n/i18n-types'

/** A role in words: the seeded roles are translated; a role the server adds later shows its id. */
export function roleName(LL: TranslationFunctions, role: string): string {
  const names = LL.users.roleNames
  return role in names ? names[role as keyof typeof names]() : role
}
