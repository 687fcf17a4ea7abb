import { credentialKeys } from '../../api/credentials'
import { importCredentials } from '../../api/csv-import'
import { CREDENTIALS_IMPORT_LIMITS } from '../../contract/credential-import'
import { needs } from '../../contract/permissions'
import { ImportCommand } from '../../csv-import/import-command'
import type { ImportKind } from '../../csv-import/import-kind'

/**
 * The credentials import: a row without credential_id creates (or finds unchanged) the user's
 * credential on its target and window; a row with one changes that credential (docs/csv.md).
 */
const credentialsImport: ImportKind = {
  name: 'credentials',
  words: (LL) => LL.csv.import.credentials,
  idColumn: (LL) => LL.csv.columns.credential_id(),
  keywords: ['credentials', 'pins', 'access', 'zugangsberechtigungen'],
  needs: { anyOf: needs('credentials', 'create') },
  limits: CREDENTIALS_IMPORT_LIMITS,
  send: async (file, options) => {
    const answer = await importCredentials(file, options)
    const results = answer.results.map(({ credential_id, ...row }) => ({
      ...row,
      id: credential_id,
    }))
    return { ...answer, results }
  },
  keys: credentialKeys,
}

/** "Import credentials…" on the credentials list and in its palette. */
export const CredentialImport = () => <ImportCommand kind={credentialsImport} />
