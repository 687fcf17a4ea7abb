import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { initialLanguage } from './app/language'
import { Providers } from './app/providers'
import { createQueryClient } from './app/query-client'
import { startSession } from './app/session/session-actor'
import { initTheme } from './app/theme-store'

initTheme()
const queryClient = createQueryClient()
// Signing out drops every cached answer: the next user must never see the last one's data.
const session = startSession({ onForget: () => queryClient.clear() })

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} session={session} language={initialLanguage()}>
      <App />
    </Providers>
  </StrictMode>,
)
