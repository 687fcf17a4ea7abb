import { useEffect, useEffectEvent } from 'react'
import type { RequestChannel } from './command-requests'

/**
 * Hands the commands asked for `id` on `channel` to `onRequest`: one waiting when the screen
 * mounts, and each one asked while it shows.
 */
export function useCommandRequests<TCommand>(
  channel: RequestChannel<TCommand>,
  id: number,
  onRequest: (command: TCommand) => void,
) {
  const handle = useEffectEvent(onRequest)
  useEffect(() => {
    const take = () => {
      const command = channel.take(id)
      if (command !== null) handle(command)
    }
    take()
    return channel.listen(take)
  }, [channel, id])
}
