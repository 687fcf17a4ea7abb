// First: keys pressed while the console boots are queued from here on (lib/early-keys.ts).
import './lib/early-keys'
// Second: a signed-in boot's requests leave before React is evaluated (app/boot-requests.ts).
import { signedInBoot } from './app/boot-requests'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { answersInPage } from './api/early-get'
import { loadUsersApi } from './api/load-users'
import { storedUserId, syncBootCookies } from './api/tokens'
import { warmDateFormat } from './lib/warm-date-format'
import { App, SignedInApp } from './app/app'
import { initialLanguage } from './app/language'
import { Providers } from './app/providers'
import { startSession } from './session/session-handle'
import { initTheme } from './ui/theme-store'

initTheme(storedUserId())
// The boot cookies follow the stored session: one stored before they existed, or one that ended
// in another way, sets them right.
syncBootCookies()
const session = startSession()

// The profile's HTTP client, the shell and the URL's screen (its permission is checked when it
// renders) are requested right after the first frame, so the boot frame is painted before their
// code runs and before the screen's style sheets arrive (the shell's come with the signed-in page,
// scripts/signed-in-html.ts). When the page came with the first answers in it, or is still
// bringing them (early-get.ts), no request of the entry's is waited for, so they are requested at
// once. The browser's date data loads in a task of its own meanwhile (warm-date-format.ts).
const language = initialLanguage()
if (signedInBoot) {
  const { route } = signedInBoot
  const loadShell = () => {
    loadUsersApi().catch(() => undefined)
    for (const lazy of [SignedInApp, route?.screen]) lazy?.preload().catch(() => undefined)
    setTimeout(() => warmDateFormat(language))
  }
  if (answersInPage) loadShell()
  else requestAnimationFrame(() => setTimeout(loadShell))
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
