import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Language } from '../lib/language'
import { LanguageProvider } from './language'
import type { SessionActor } from './session/session-actor'
import { SessionProvider } from './session/session-context'

type ProvidersProps = {
  queryClient: QueryClient
  session: SessionActor
  language: Language
  children: ReactNode
}

export function Providers({ queryClient, session, language, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initial={language}>
        <SessionProvider actor={session}>{children}</SessionProvider>
      </LanguageProvider>
    </QueryClientProvider>
  )
}
