import {
  inScope,
  needs,
  scopeOf,
  type Operation,
  type Resource,
  type Scope,
} from '../../src/contract/permissions'
import type { Principal } from '../context'
import { forbidden, notFound } from './errors'

/** The caller's scope for an operation, or 403 when they hold neither the global nor the :org permission. */
export function requireScope(p: Principal, resource: Resource, operation: Operation): Scope {
  const scope = scopeOf(p.permissions, resource, operation)
  if (!scope) throw forbidden(needs(resource, operation))
  return scope
}

/** The organization a list is limited to: the caller's for `org` scope, none for `all`. */
export const orgLimit = (scope: Scope, p: Principal): number | null =>
  scope === 'org' ? p.organizationId : null

/** Another organization's object answers 404, exactly like a missing one. */
export function ensureInScope<T extends { organization_id: number }>(
  scope: Scope,
  p: Principal,
  row: T | undefined,
  what: string,
): T {
  if (!row || !inScope(scope, p.organizationId, row.organization_id)) throw notFound(what)
  return row
}
