import { importUsers } from '../../api/csv-import'
import { inviteUser, userKeys } from '../../api/users'
import { inviteNeeds, needs } from '../../contract/permissions'
import { USERS_IMPORT_LIMITS } from '../../contract/user-import'
import { ImportCommand } from '../../csv-import/import-command'
import type { ImportKind } from '../../csv-import/import-kind'
import { runBounded } from '../../lib/run-bounded'
import { BULK_CONCURRENCY } from './bulk-user-actions'

/** The users import: rows name users by username or e-mail; new users may be invited after. */
const usersImport: ImportKind = {
  name: 'users',
  words: (LL) => LL.csv.import.users,
  idColumn: (LL) => LL.csv.columns.user_id(),
  keywords: ['users', 'people', 'benutzer'],
  needs: { anyOf: needs('users', 'create') },
  limits: USERS_IMPORT_LIMITS,
  send: async (file, options) => {
    const answer = await importUsers(file, options)
    return {
      ...answer,
      results: answer.results.map(({ user_id, ...row }) => ({ ...row, id: user_id })),
    }
  },
  keys: userKeys,
  followUp: {
    anyOf: inviteNeeds,
    label: (LL) => LL.csv.import.invite(),
    hint: (LL) => LL.csv.import.inviteHint(),
    progress: (LL, done, count) => LL.csv.import.inviting({ done, count }),
    summary: (LL, outcome) => LL.csv.import.invites(outcome),
    // The invite path itself, a few at a time, so its own rules and limits judge each one.
    run: async (ids, onEach) => {
      const outcomes = await runBounded(
        ids,
        BULK_CONCURRENCY,
        (id) => inviteUser(id, 'first_password_email'),
        onEach,
      )
      const sent = outcomes.filter((o) => o.ok).length
      return { sent, refused: outcomes.length - sent }
    },
  },
}

/** "Import users…" on the users list and in its palette. */
export const UserImport = () => <ImportCommand kind={usersImport} />
