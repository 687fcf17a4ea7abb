import type { AnyModelAdapter } from './kit/adapter'
import { actionAdapter } from './adapters/action'
import { doorOverrideAdapter } from './adapters/door-override'
import { lockdownAdapter } from './adapters/lockdown'
import { offlineCodeAdapter } from './adapters/offline-code'
import { sessionAdapter } from './adapters/session'
import { stepUpAdapter } from './adapters/step-up'

/** Every machine in machines/ with its adapter. A new machine joins the kit by a line here. */
export const adapters: readonly AnyModelAdapter[] = [
  sessionAdapter,
  actionAdapter,
  offlineCodeAdapter,
  lockdownAdapter,
  doorOverrideAdapter,
  stepUpAdapter,
]
