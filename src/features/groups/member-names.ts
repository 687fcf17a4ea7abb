import type { Member } from '../../contract/access-model'

/** A member by their name, or their e-mail when they have none. */
export function memberName(member: Pick<Member, 'first_name' | 'last_name' | 'email'>): string {
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ')
  return name === '' ? member.email : name
}
