import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { User } from '../../contract/users'

type Named = Pick<User, 'title' | 'first_name' | 'last_name' | 'username'>

/** First and last name; the username when both are empty, so every user has a readable name. */
export function fullName(user: Named): string {
  const name = `${user.first_name} ${user.last_name}`.trim()
  return name === '' ? user.username : name
}

/** The name as the list shows it: with the title when there is one ("Ms. Ada Admin"). */
export function titledName(user: Named): string {
  return user.title ? `${user.title} ${fullName(user)}` : fullName(user)
}

/** A role in words: the seeded roles are translated; a role the server adds later shows its id. */
export function roleName(LL: TranslationFunctions, role: string): string {
  const names = LL.users.roleNames
  return role in names ? names[role as keyof typeof names]() : role
}
