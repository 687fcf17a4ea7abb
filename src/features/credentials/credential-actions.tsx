import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Credential } from '../../contract/credentials'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { credentialKeys } from '../../api/credentials'
import { lockSyncKeys, reissueCode } from '../../api/lock-sync'
import { DeleteCredentialDialog } from './delete-credential-dialog'
import { OfflineCodeDialog } from './offline-code-dialog'

// Every verb on a credential, declared once (decision 063): the palette (`$` results), the list's
// row buttons and the edit page's buttons read them, and the host opens their dialogs where the
// person is. The PIN is read by the code dialog when it opens, so it is never part of a palette
// entry, its recents or a URL.

export type CredentialAction = Action<Credential, PaletteContext>

const id = (credential: Credential) => credential.credential_id

const holdsPin = (credential: Credential) => credential.meta_data.command_output.pin !== null

function OfflineCode({ entity, onClose }: ActionDialogProps<Credential>) {
  return <OfflineCodeDialog credential={entity} onClose={onClose} />
}

/** Deleting from the credential's own edit page returns to the list the person came from. */
function DeleteCredential({ entity, onClose }: ActionDialogProps<Credential>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteCredentialDialog
      credential={entity}
      onClose={onClose}
      onDeleted={() => {
        if (path === pathTo('credentials-edit', { id: id(entity) }))
          navigate(listPlacePath(pathTo('credentials')))
      }}
    />
  )
}

export const showCodeAction: CredentialAction = {
  id: 'credential.show-code',
  label: (LL) => LL.commands.credentials.showCode(),
  needs: { anyOf: needs('credentials', 'read') },
  applies: holdsPin,
  reveals: true,
  dialog: (props) => <OfflineCode {...props} />,
  run: () => undefined,
}

export const generateCodeAction: CredentialAction = {
  id: 'credential.generate-code',
  label: (LL) => LL.commands.credentials.generateCode(),
  needs: { anyOf: needs('credentials', 'update') },
  applies: (credential) => !holdsPin(credential),
  dialog: (props) => <OfflineCode {...props} />,
  run: () => undefined,
}

/**
 * The pages' "Offline code" (a row's button, the edit page's, a bookmarked `?code=`): one dialog
 * that shows a held PIN, generates one, or says why it cannot (a reader may not generate), where
 * the palette offers only the verb this person can take.
 */
export const offlineCodeAction: CredentialAction = {
  id: 'credential.offline-code',
  label: (LL) => LL.credentials.code.open(),
  needs: { anyOf: needs('credentials', 'read') },
  dialog: (props) => <OfflineCode {...props} />,
  run: () => undefined,
}

/**
 * A new code on the same lock for the rest of the credential's window; the old one is withdrawn
 * where the lock can be reached (decision 073). The new code is revealed by Show code.
 */
export const reissueCodeAction: CredentialAction = {
  id: 'credential.reissue-code',
  label: (LL) => LL.lockSync.reissue(),
  needs: { anyOf: needs('credentials', 'update') },
  applies: holdsPin,
  tone: 'secondary',
  confirm: {
    tone: 'reversible',
    title: (LL, credential) => LL.lockSync.reissueTitle({ id: id(credential) }),
    body: (LL) => LL.lockSync.reissueBody(),
    confirm: (LL) => LL.lockSync.reissueConfirm(),
  },
  succeeded: (LL, credential) => LL.lockSync.reissued({ id: id(credential) }),
  run: async (_, credential, { queryClient }) => {
    await reissueCode(id(credential))
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
      queryClient.invalidateQueries({ queryKey: lockSyncKeys.all }),
    ])
  },
}

export const deleteCredentialAction: CredentialAction = {
  id: 'credential.delete',
  label: (LL) => LL.commands.credentials.delete(),
  needs: { anyOf: needs('credentials', 'delete') },
  tone: 'danger',
  dialog: (props) => <DeleteCredential {...props} />,
  run: () => undefined,
}

export const credentialActions: readonly CredentialAction[] = [
  {
    id: 'credential.edit',
    opensItsPage: true,
    label: (LL) => LL.commands.credentials.edit(),
    needs: { anyOf: needs('credentials', 'update') },
    run: (ctx, credential) => ctx.navigate(pathTo('credentials-edit', { id: id(credential) })),
  },
  showCodeAction,
  generateCodeAction,
  reissueCodeAction,
  deleteCredentialAction,
]
