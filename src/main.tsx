// First: keys pressed while the console boots are queued from here on (lib/early-keys.ts).
import './lib/early-keys'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startEarlyGet } from './api/early-get'
import { hasStoredSession, syncSignedInHint } from './api/tokens'
import { buildUrl, PROFILE_PATH } from './api/urls'
import { findRoute } from './lib/route-match'
import { warmDateFormat } from './lib/warm-date-format'
import { App, SignedInApp } from './app/app'
import { initialLanguage } from './app/language'
import { Providers } from './app/providers'
import { routes } from './app/routes'
import { startSession } from './session/session-handle'
import { initTheme } from './ui/theme-store'

initTheme()
// A session stored before the hint existed, or one that ended in another way, sets it right.
syncSignedInHint()
const session = startSession()

// A signed-in reload would otherwise fetch in series: machine → profile client → /me → shell chunk
// → screen chunk → the screen's data. The profile and the URL's first data leave now, before any
// chunk (the client takes their answers, early-get.ts); startSession loads the machine. The data
// goes first: the server answers in turn, and a screen whose first answer is in hand renders its
// rows with the shell (a ListSource's `peek`), while the profile is needed only when the shell
// chunk has arrived and run, which is not sooner. The profile's HTTP client, the shell and the
// URL's screen (its permission is checked when it renders) are requested right after the first
// frame: their style sheets hold up painting, and the boot frame should not wait for them.
// Failures here are retried where the code is used. The browser's date data loads in a task of its
// own meanwhile (warm-date-format.ts).
const language = initialLanguage()
if (hasStoredSession()) {
  const route = findRoute(routes, window.location.pathname)
  if (route && !route.guestOnly) route.prefetch?.(window.location.search)
  startEarlyGet(buildUrl({ path: PROFILE_PATH }))
  requestAnimationFrame(() =>
    setTimeout(() => {
      import('./api/users').catch(() => undefined)
      for (const lazy of [SignedInApp, route && !route.guestOnly ? route.screen : null])
        lazy?.preload().catch(() => undefined)
      setTimeout(() => warmDateFormat(language))
    }),
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

createRoot(root).render(
  <StrictMode>
    <Providers session={session} language={language}>
      <App />
    </Providers>
  </StrictMode>,
)
