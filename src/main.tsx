import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { initialLanguage } from './app/language'
import { Providers } from './app/providers'
import { startSession } from './app/session/session-actor'
import { initTheme } from './app/theme-store'

initTheme()
const session = startSession()

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks #root')

createRoot(root).render(
  <StrictMode>
    <Providers session={session} language={initialLanguage()}>
      <App />
    </Providers>
  </StrictMode>,
)
