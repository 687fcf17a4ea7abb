import type { ReactNode } from 'react'
import type { Language } from '../lib/language'
import { LanguageProvider } from './language'
import type { SessionActor } from './session/session-actor'
import { SessionProvider } from './session/session-context'

type ProvidersProps = { session: SessionActor; language: Language; children: ReactNode }

/** What guest and signed-in pages share. React Query joins in the signed-in chunk (signed-in.tsx). */
export function Providers({ session, language, children }: ProvidersProps) {
  return (
    <LanguageProvider initial={language}>
      <SessionProvider actor={session}>{children}</SessionProvider>
    </LanguageProvider>
  )
}
