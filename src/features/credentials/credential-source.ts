import { fetchCredentialPage } from '../../api/credentials'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Credential } from '../../contract/credentials'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { withDialog } from './dialog-param'

const holdsPin = (credential: Credential) => credential.meta_data.command_output.pin !== null

// The offline code opens on the list, which every reader may see; the PIN is read by the dialog
// when it opens, so it is never part of a palette entry, its recents or the URL.
const openCode = (ctx: PaletteContext, credential: Credential) =>
  ctx.navigate(withDialog(pathTo('credentials'), 'code', credential.credential_id))

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
  actions: [
    {
      id: 'credential.edit',
      opensItsPage: true,
      label: (LL) => LL.commands.credentials.edit(),
      needs: { anyOf: needs('credentials', 'update') },
      run: (ctx, credential) =>
        ctx.navigate(pathTo('credentials-edit', { id: credential.credential_id })),
    },
    {
      id: 'credential.show-code',
      label: (LL) => LL.commands.credentials.showCode(),
      needs: { anyOf: needs('credentials', 'read') },
      applies: holdsPin,
      reveals: true,
      run: openCode,
    },
    {
      id: 'credential.generate-code',
      label: (LL) => LL.commands.credentials.generateCode(),
      needs: { anyOf: needs('credentials', 'update') },
      applies: (credential) => !holdsPin(credential),
      run: openCode,
    },
    {
      id: 'credential.delete',
      label: (LL) => LL.commands.credentials.delete(),
      needs: { anyOf: needs('credentials', 'delete') },
      run: (ctx, credential) =>
        ctx.navigate(withDialog(pathTo('credentials'), 'delete', credential.credential_id)),
    },
  ],
}
