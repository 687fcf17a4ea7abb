import type { useModelServer } from './access-model-writes'

/**
 * What the door-mode tests watch on a model server: the job's round at a moved clock, a lock's
 * state, and the audit rows the job wrote for it.
 */
export function doorModeProbes({ server, db, clock }: ReturnType<typeof useModelServer>) {
  return {
    step: async (iso: string) => {
      clock().set(new Date(iso))
      await server().running.handle.services.doorModeJob.tick()
    },
    lockState: async (deviceId: number) => {
      const [row] = await db().query<{ lock_state: string }>(
        'select lock_state from devices where device_id = $1',
        [deviceId],
      )
      return row?.lock_state
    },
    jobAudits: (deviceId: number) =>
      db().query<{
        command: string
        result: string
        detail_params: Record<string, unknown>
      }>(
        `select command, result, detail_params from device_audits
         where device_id = $1 and actor_email = 'system:door-modes' order by audit_id`,
        [deviceId],
      ),
  }
}
