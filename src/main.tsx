// First: keys pressed while the console boots are queued from here on (lib/early-keys.ts).
import './lib/early-keys'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { hasStoredSession } from './api/tokens'
import { findRoute } from './lib/route-match'
import { App, SignedInApp } from './app/app'
import { initialLanguage } from './app/language'
import { Providers } from './app/providers'
import { routes } from './app/routes'
import { startSession } from './session/session-handle'
import { initTheme } from './ui/theme-store'

initTheme()
const session = startSession()

// A signed-in reload would otherwise fetch in series: machine → profile client → /me → shell chunk
// → screen chunk → the screen's data. startSession loads the machine; the profile's HTTP client,
// the shell, the URL's screen (its permission is checked when it renders) and that screen's first
// data request start beside it. Failures here are retried where the code is used.
if (hasStoredSession()) {
  import('./api/users').catch(() => undefined)
  const route = findRoute(routes, window.location.pathname)
  for (const lazy of [SignedInApp, route && !route.guestOnly ? route.screen : null])
    lazy?.preload().catch(() => undefined)
  if (route && !route.guestOnly) route.prefetch?.(window.location.search).catch(() => undefined)
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

createRoot(root).render(
  <StrictMode>
    <Providers session={session} language={initialLanguage()}>
      <App />
    </Providers>
  </StrictMode>,
)
