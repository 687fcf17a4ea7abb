import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import { useParams } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { useBreadcrumbLabel } from '../lib/breadcrumb-labels'
import { isHttpStatus } from '../lib/http-status'
import { CenteredSpinner } from './loading'
import { LoadFailed } from './load-failed'
import { Notice } from './notice'
import { Page } from './page'

export interface Detail<T> {
  /** The route's `:id`; 0 when it is not a plain number (`/x%25y`), which is never fetched. */
  id: number
  query: UseQueryResult<T>
  item: T | undefined
  /** Malformed id or a 404: the object is not there, or not the caller's to see. */
  missing: boolean
}

/**
 * The object of a `/…/:id` page, fetched by its detail options; the breadcrumb shows `labelOf` of
 * it instead of the id. Retries follow the query client's one rule (network trouble only).
 */
export function useDetail<T>(
  options: (id: number) => UseQueryOptions<T>,
  labelOf: (item: T) => string,
): Detail<T> {
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0
  const query = useQuery({
    ...options(id),
    enabled: id > 0,
  })
  useBreadcrumbLabel(id || undefined, query.data ? labelOf(query.data) : undefined)
  const missing = id === 0 || isHttpStatus(query.error, 404)
  return { id, query, item: query.data, missing }
}

/**
 * What a detail page shows until its object is there: the area's not-found notice, the failure in
 * plain words with a way to retry, or the loading spinner. A page of its own, so the loaded page
 * mounts afresh and takes focus as any page does.
 */
export function DetailState<T>({
  title,
  notFound,
  detail,
}: {
  title: string
  notFound: string
  detail: Detail<T>
}) {
  const { LL } = useI18nContext()
  if (detail.missing)
    return (
      <Page title={title}>
        <Notice tone="warning">{notFound}</Notice>
      </Page>
    )
  if (detail.query.isError)
    return (
      <Page title={title}>
        <LoadFailed error={detail.query.error} onRetry={() => void detail.query.refetch()} />
      </Page>
    )
  return <CenteredSpinner label={LL.common.loading()} />
}
