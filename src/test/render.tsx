import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import TypesafeI18n from '../../i18n/i18n-react'
import type { Locales } from '../../i18n/i18n-types'
import { loadLocale } from '../../i18n/i18n-util.sync'

/** Renders inside the i18n provider with the locale loaded, as the app does. */
export function renderWithI18n(ui: ReactNode, locale: Locales = 'en'): RenderResult {
  loadLocale(locale)
  return render(<TypesafeI18n locale={locale}>{ui}</TypesafeI18n>)
}
