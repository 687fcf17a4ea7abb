import { fetchActiveLockdowns } from '../../api/lockdowns'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { Lockdown } from '../../contract/lockdowns'
import { pathTo } from '../../contract/pages'
import { lockdownNeeds } from '../../contract/permissions'

const id = (lockdown: Lockdown) => lockdown.lockdown_id

/**
 * Active lockdowns in the palette (`%`), for holders of the release right: "approve release of
 * acme" Enter opens the lockdown's page with the approval open. The few active lockdowns are
 * searched here by their scope's name.
 */
export const lockdownSource: EntitySource<Lockdown, PaletteContext> = {
  kind: 'lockdowns',
  heading: (LL) => LL.lockdown.listTitle(),
  needs: { anyOf: lockdownNeeds.release },
  search: async (text, signal, length) => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean)
    const { data } = await fetchActiveLockdowns(signal)
    return data
      .filter((lockdown) => words.every((word) => lockdown.scope_name.toLowerCase().includes(word)))
      .slice(0, length)
  },
  view: (lockdown) => ({
    id: String(lockdown.lockdown_id),
    title: lockdown.scope_name,
    subtitle: lockdown.reason,
  }),
  actions: [
    {
      id: 'lockdown.open',
      opensItsPage: true,
      label: (LL) => LL.lockdown.banner.view(),
      needs: {},
      run: (ctx, lockdown) => ctx.navigate(pathTo('lockdowns-view', { id: id(lockdown) })),
    },
    {
      id: 'lockdown.approve',
      label: (LL) => LL.lockdown.approveReleaseOf(),
      needs: { anyOf: lockdownNeeds.release },
      applies: (lockdown) => lockdown.state === 'release_requested',
      // The requester's own request is never theirs to approve (the lockdown machine's rule).
      blocked: (lockdown, _can, viewer) =>
        viewer !== undefined && lockdown.release?.requested_by.user_id === viewer.userId
          ? (LL) => LL.lockdown.banner.ownRequest()
          : null,
      run: (ctx, lockdown) =>
        ctx.navigate(pathTo('lockdowns-view', { id: id(lockdown) }, { command: 'approve' })),
    },
  ],
}
