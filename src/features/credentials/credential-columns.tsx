import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Credential } from '../../contract/credentials'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { scheduleText, validityText, windowOf, type TextPlace } from '../../lib/credential-text'
import * as styles from './credentials.css'

const helper = createColumnHelper<DataTableFeatures, Credential>()

interface CredentialColumnContext {
  LL: TranslationFunctions
  place: TextPlace
  canUpdate: boolean
  canDelete: boolean
  /** Which screens the user may open: the user, device and location links show only then. */
  canRead: { users: boolean; devices: boolean; locations: boolean }
  onCode: (credential: Credential) => void
  onDelete: (credential: Credential) => void
}

/** The screen an assignment opens: its device, or the building its door is in, or the location. */
function assignmentPath(credential: Credential, canRead: CredentialColumnContext['canRead']) {
  if (credential.assignment_type === 'device') {
    return canRead.devices ? pathTo('devices-view', { id: credential.assignment_id }) : null
  }
  const location = credential.assignment_location_id
  return canRead.locations && location !== null ? pathTo('locations-view', { id: location }) : null
}

// Column ids are the server's order_by names where the column sorts. The PIN itself is never a
// cell: the list says only whether one is held.
export function credentialColumns(context: CredentialColumnContext) {
  const { LL, place, canUpdate, canDelete, canRead, onCode, onDelete } = context
  return helper.columns([
    helper.accessor('credential_id', {
      id: 'credential_id',
      header: LL.credentials.id(),
      size: 70,
      sortDescFirst: true,
      cell: (info) =>
        canUpdate ? (
          <Link
            className={styles.link}
            href={pathTo('credentials-edit', { id: info.getValue() })}
            aria-label={LL.credentials.editNamed({ id: info.getValue() })}
          >
            {info.getValue()}
          </Link>
        ) : (
          info.getValue()
        ),
    }),
    helper.accessor('user_email', {
      id: 'user_id',
      header: LL.credentials.user(),
      size: 200,
      cell: (info) =>
        canRead.users ? (
          <Link
            className={styles.link}
            href={pathTo('users-view', { id: info.row.original.user_id })}
          >
            {info.getValue()}
          </Link>
        ) : (
          info.getValue()
        ),
    }),
    helper.accessor('assignment_name', {
      id: 'assignment',
      header: LL.credentials.assignment(),
      size: 180,
      enableSorting: false,
      cell: (info) => {
        const path = assignmentPath(info.row.original, canRead)
        return (
          <>
            {path === null ? (
              info.getValue()
            ) : (
              <Link className={styles.link} href={path}>
                {info.getValue()}
              </Link>
            )}{' '}
            <span className={tableStyles.muted}>
              ({LL.credentials.assignmentTypes[info.row.original.assignment_type]()})
            </span>
          </>
        )
      },
    }),
    helper.accessor('start_datetime', {
      id: 'start_datetime',
      header: LL.credentials.validityColumn(),
      size: 280,
      sortDescFirst: true,
      cell: (info) => validityText(LL, windowOf(info.row.original), place),
    }),
    helper.display({
      id: 'schedule',
      header: LL.credentials.scheduleColumn(),
      size: 170,
      enableSorting: false,
      cell: (info) => scheduleText(LL, windowOf(info.row.original), place),
    }),
    helper.accessor('exclusive', {
      id: 'exclusive',
      header: LL.credentials.exclusive(),
      size: 90,
      enableSorting: false,
      cell: (info) => (info.getValue() ? LL.credentials.yes() : LL.credentials.no()),
    }),
    helper.display({
      id: 'pin',
      header: LL.credentials.pin(),
      size: 150,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.credentials.code.openNamed({ id: info.row.original.credential_id })}
          onClick={() => onCode(info.row.original)}
        >
          {info.row.original.meta_data.command_output.pin === null
            ? LL.credentials.noPin()
            : LL.credentials.pinHeld()}
        </Button>
      ),
    }),
    ...(canDelete
      ? [
          helper.display({
            id: 'actions',
            header: LL.credentials.actions(),
            size: 100,
            enableSorting: false,
            cell: (info) => (
              <Button
                tone="ghost"
                size="sm"
                aria-label={LL.credentials.deleteNamed({ id: info.row.original.credential_id })}
                onClick={() => onDelete(info.row.original)}
              >
                {LL.credentials.delete()}
              </Button>
            ),
          }),
        ]
      : []),
  ])
}
