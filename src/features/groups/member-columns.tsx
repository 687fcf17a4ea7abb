import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Member } from '../../contract/access-model'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { memberName } from './member-names'
import * as styles from './groups.css'

const helper = createColumnHelper<DataTableFeatures, Member>()

interface MemberColumnContext {
  LL: TranslationFunctions
  /** A moment with its date and time, in the reader's language and zone. */
  moment: Intl.DateTimeFormat
  canUpdate: boolean
  onChangeWindow: (member: Member) => void
  onRemove: (member: Member) => void
}

/** A bound of a membership's window in words: a moment, or what having none means. */
export function boundText(moment: Intl.DateTimeFormat, value: string | null, none: string) {
  return value === null ? none : moment.format(Date.parse(value))
}

// Column ids are the server's order_by names where the column sorts.
export function memberColumns(context: MemberColumnContext) {
  const { LL, moment, canUpdate, onChangeWindow, onRemove } = context
  const bound = (value: string | null, none: string) =>
    value === null ? (
      <span className={tableStyles.muted}>{none}</span>
    ) : (
      <time dateTime={value}>{moment.format(Date.parse(value))}</time>
    )
  const columns = helper.columns([
    helper.accessor('email', {
      id: 'email',
      header: LL.groups.email(),
      size: 220,
    }),
    helper.display({
      id: 'person',
      header: LL.groups.person(),
      size: 180,
      cell: (info) => memberName(info.row.original),
    }),
    helper.accessor('valid_from', {
      id: 'valid_from',
      header: LL.groups.validFrom(),
      size: 160,
      enableSorting: false,
      cell: (info) => bound(info.getValue(), LL.groups.noStart()),
    }),
    helper.accessor('valid_until', {
      id: 'valid_until',
      header: LL.groups.validUntil(),
      size: 160,
      enableSorting: false,
      cell: (info) => bound(info.getValue(), LL.groups.noEnd()),
    }),
    helper.display({
      id: 'actions',
      header: LL.groups.actions(),
      size: 220,
      enableSorting: false,
      cell: (info) => {
        const member = info.row.original
        const name = memberName(member)
        return (
          <span className={styles.rowActions}>
            <Button
              tone="ghost"
              size="sm"
              aria-label={LL.groups.changeWindowNamed({ name })}
              onClick={() => onChangeWindow(member)}
            >
              {LL.groups.changeWindow()}
            </Button>
            <Button
              tone="ghost"
              size="sm"
              aria-label={LL.groups.removeNamed({ name })}
              onClick={() => onRemove(member)}
            >
              {LL.groups.removeSelected()}
            </Button>
          </span>
        )
      },
    }),
  ])
  return canUpdate ? columns : columns.filter((column) => column.id !== 'actions')
}
