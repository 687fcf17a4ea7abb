import { fetchCredentialPage } from '../../api/credentials'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Credential } from '../../contract/credentials'
import { needs } from '../../contract/permissions'
import { credentialActions } from './credential-actions'

/**
 * Credentials in the palette (`$`): the list call's `search` (the user, what it opens, its id),
 * newest first. Enter opens the credential's form; a held PIN shows only through "Show offline
 * code" chosen by name (decision 048), and a reader who may not edit gets the action page.
 */
export const credentialSource: EntitySource<Credential, PaletteContext> = {
  kind: 'credentials',
  heading: (LL) => LL.commands.credentials.heading(),
  needs: { anyOf: needs('credentials', 'read') },
  search: listSearch(fetchCredentialPage, { order_by: 'credential_id', order_direction: 'desc' }),
  // Its title is its user's and its door's names: matched through them, it ranks below them.
  derived: true,
  holdsSecrets: true,
  view: (credential) => ({
    id: String(credential.credential_id),
    title: `${credential.user_email} → ${credential.assignment_name}`,
    subtitle: `#${credential.credential_id}`,
  }),
  actions: credentialActions,
}
