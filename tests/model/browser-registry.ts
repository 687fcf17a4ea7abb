import type { AnyBrowserAdapter } from './kit/browser'
import { deviceCommandBrowser } from './adapters/device-command.browser'
import { offlineCodeBrowser } from './adapters/offline-code.browser'
import { sessionBrowser } from './adapters/session.browser'

/** The machines whose screens exist: their paths are replayed in Chromium. */
export const browserAdapters: readonly AnyBrowserAdapter[] = [
  sessionBrowser,
  deviceCommandBrowser,
  offlineCodeBrowser,
]
