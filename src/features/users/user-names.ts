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
