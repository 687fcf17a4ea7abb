import { useMemo } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { ruleDetail } from '../../api/rules'
import { usePageSubject } from '../../commands/page-subject'
import type { AccessRule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { deleteRuleAction } from './rule-actions'
import { GroupName, placeName, ScheduleName, validityText } from './rule-names'
import * as styles from './rules.css'

/** /rules/view/:id — who (groups), where (places, each covering what is in it), when, how long. */
export function RuleViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(ruleDetail, (rule) => rule.name)
  usePageSubject('rules', detail.item)
  if (!detail.item)
    return (
      <DetailState title={LL.rules.viewTitle()} notFound={LL.rules.notFound()} detail={detail} />
    )
  return <RuleView rule={detail.item} />
}

function RuleView({ rule }: { rule: AccessRule }) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  return (
    <Page
      title={rule.name}
      intro={LL.rules.intro()}
      actions={
        <div className={styles.actions}>
          {can(needs('access_rules', 'update')) ? (
            <Link
              className={buttonClass({ tone: 'secondary' })}
              href={pathTo('rules-edit', { id: rule.rule_id })}
            >
              {LL.rules.edit()}
            </Link>
          ) : null}
          {can(deleteRuleAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteRuleAction, rule)}>
              {LL.rules.delete()}
            </Button>
          ) : null}
        </div>
      }
    >
      <dl className={styles.details}>
        <dt className={styles.term}>{LL.rules.groups()}</dt>
        <dd className={styles.definition}>
          <ul className={styles.list}>
            {rule.group_ids.map((id) => (
              <li key={id}>
                <GroupName id={id} link />
              </li>
            ))}
          </ul>
        </dd>
        <dt className={styles.term}>{LL.rules.places()}</dt>
        <dd className={styles.definition}>
          <ul className={styles.list}>
            {rule.targets.map((target) => (
              <li key={`${target.type}:${target.id}`}>
                <span className={styles.kind}>{LL.rules.kinds[target.type]()}</span>{' '}
                {placeName(LL, target)}
              </li>
            ))}
          </ul>
          <p className={styles.hint}>{LL.rules.placesHint()}</p>
        </dd>
        <dt className={styles.term}>{LL.rules.schedule()}</dt>
        <dd className={styles.definition}>
          <ScheduleName id={rule.schedule_id} link />
        </dd>
        <dt className={styles.term}>{LL.rules.validity()}</dt>
        <dd className={styles.definition}>{validityText(LL, rule, date)}</dd>
      </dl>
      <JournalHistory type="access_rule" id={rule.rule_id} />
    </Page>
  )
}
