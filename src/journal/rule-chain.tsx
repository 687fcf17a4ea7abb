import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { pathTo } from '../contract/pages'
import { memberText } from '../lib/access-text'
import type { TextPlace } from '../lib/credential-text'

/** The part of a grant through a rule that names the rule, the group and the membership. */
export interface RuleLink {
  rule_id?: number
  rule_name?: string
  group_id?: number
  group_name?: string
  member_since?: string | null
  member_until?: string | null
}

/**
 * "rule Business hours front desk through the group Front desk (member since 3 Jan 2027)": the
 * rule and the group each link to their pages, the membership's dates on the place's calendar.
 */
export function RuleChain({ grant, place }: { grant: RuleLink; place: TextPlace }) {
  const { LL } = useI18nContext()
  const member = memberText(LL, grant.member_since, grant.member_until, place)
  const named = (name: string | undefined, id: number | undefined) =>
    name || LL.access.unnamed({ id: id ?? '' })
  return (
    <>
      {LL.access.rule()}{' '}
      {grant.rule_id === undefined ? (
        named(grant.rule_name, grant.rule_id)
      ) : (
        <Link href={pathTo('rules-view', { id: grant.rule_id })}>
          {named(grant.rule_name, grant.rule_id)}
        </Link>
      )}{' '}
      {LL.access.throughGroup()}{' '}
      {grant.group_id === undefined ? (
        named(grant.group_name, grant.group_id)
      ) : (
        <Link href={pathTo('groups-view', { id: grant.group_id })}>
          {named(grant.group_name, grant.group_id)}
        </Link>
      )}
      {member === '' ? null : ` ${member}`}
    </>
  )
}
