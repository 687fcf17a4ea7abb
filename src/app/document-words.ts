import { useEffect } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { AppRoute } from './routes'

/**
 * The tab's title names the screen by its route label (the sidebar's and breadcrumb's word), in
 * the current language: "Devices · Access Console". A path no route serves is "Page not found";
 * a label whose words have not loaded yet leaves the console's name alone.
 */
export function documentTitle(LL: TranslationFunctions, route: AppRoute | undefined): string {
  const app = LL.common.appName()
  const screen = route ? route.label(LL) : LL.errors.notFoundTitle()
  return screen === '' ? app : LL.common.pageTitle({ screen, app })
}

/** Keeps the document's title and meta description in the current language and on the screen. */
export function useDocumentWords(route: AppRoute | undefined) {
  const { LL } = useI18nContext()
  useEffect(() => {
    document.title = documentTitle(LL, route)
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', LL.common.metaDescription())
  }, [LL, route])
}
