import type { InviteNotify } from '../../contract/notify'
import { requestChannel, type RequestChannel } from '../../device-commands/command-requests'

/**
 * An invitation chosen in the palette, taken by that user's page, which sends it as its own button
 * does: choosing it was the ask. It travels in memory, not in the URL, because a link can come
 * from anywhere and the page asks before it sends what a link asks for.
 */
export const inviteRequests: RequestChannel<InviteNotify['workflow']> = requestChannel()
