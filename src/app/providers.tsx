import type { ReactNode } from 'react'
import type { Language } from '../lib/language'
import { LanguageProvider } from './language'
import { SessionProvider } from '../session/session-context'
import type { SessionHandle } from '../session/session-types'

type ProvidersProps = { session: SessionHandle; language: Language; children: ReactNode }

/** What guest and signed-in pages share. React Query joins in the signed-in chunk (signed-in.tsx). */
export function Providers({ session, language, children }: ProvidersProps) {
  return (
    <LanguageProvider initial={language}>
      <SessionProvider handle={session}>{children}</SessionProvider>
    </LanguageProvider>
  )
}
