import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { buildBreadcrumb, type CrumbLabel } from '../../lib/breadcrumb'
import { useBreadcrumbLabels } from '../../lib/breadcrumb-labels'
import { routeById, routes } from '../routes'
import * as styles from './breadcrumb.css'

function labelText(
  label: CrumbLabel,
  LL: TranslationFunctions,
  stored: (id: string) => string | undefined,
): string {
  switch (label.kind) {
    case 'route':
      return routeById(label.routeId)?.label(LL) ?? label.routeId
    case 'action':
      return LL.common[label.action]()
    case 'id':
      return stored(label.id) ?? label.id
    case 'text':
      return label.text
  }
}

export function Breadcrumb() {
  const { LL } = useI18nContext()
  const [location] = useLocation()
  const stored = useBreadcrumbLabels()
  const crumbs = buildBreadcrumb(location, routes)
  return (
    <nav aria-label={LL.shell.breadcrumb()} data-testid="breadcrumb">
      <ol className={styles.list}>
        {crumbs.map((crumb, index) => {
          const text = labelText(crumb.label, LL, stored)
          const last = index === crumbs.length - 1
          return (
            <li key={index} className={styles.item}>
              {crumb.href ? (
                <Link href={crumb.href} className={styles.link}>
                  {text}
                </Link>
              ) : (
                <span
                  className={last ? styles.current : styles.plain}
                  aria-current={last ? 'page' : undefined}
                >
                  {text}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
