import type { AnyBrowserAdapter } from './kit/browser'
import { actionBrowser } from './adapters/action.browser'
import { doorOverrideBrowser } from './adapters/door-override.browser'
import { offlineCodeBrowser } from './adapters/offline-code.browser'
import { sessionBrowser } from './adapters/session.browser'

/**
 * The machines whose screens exist and whose paths the shared e2e server can take: replayed in
 * Chromium by model-replay.spec.ts. The lockdown machine's are replayed by lockdown.spec.ts on a
 * server of its own (a lockdown refuses unlocks for every spec beside it).
 */
export const browserAdapters: readonly AnyBrowserAdapter[] = [
  sessionBrowser,
  actionBrowser,
  offlineCodeBrowser,
  doorOverrideBrowser,
]
