import { useQuery } from '@tanstack/react-query'
import { useParams } from 'wouter'
import { isHttpStatus } from '../../api/client'
import { userDetail } from '../../api/users'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { fullName } from './user-names'

/** The user of a /users/…/:id page; the breadcrumb shows their name instead of the id. */
export function useUserDetail() {
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0
  const query = useQuery({
    ...userDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  useBreadcrumbLabel(id || undefined, query.data ? fullName(query.data) : undefined)
  const missing = id === 0 || isHttpStatus(query.error, 404)
  return { id, query, user: query.data, missing }
}
