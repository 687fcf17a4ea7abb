import { decodeSegment, findRoute } from '../contract/route-match'

export type CrumbRoute = { id: string; path: string }

export type CrumbLabel =
  | { kind: 'route'; routeId: string }
  | { kind: 'action'; action: 'view' | 'edit' | 'create' }
  | { kind: 'id'; id: string }
  | { kind: 'text'; text: string }

export type Crumb = { href: string | null; label: CrumbLabel }

const actions = new Set(['view', 'edit', 'create'])
// "View" and "Edit" are not pages of their own (requirements R2.12), so they are never links.
const unlinkedActions = new Set(['view', 'edit'])

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A number, a UUID, or a long token that mixes letters and digits (ULIDs, hashes). */
export function isIdLike(segment: string): boolean {
  if (/^\d+$/.test(segment)) return true
  if (UUID.test(segment)) return true
  return segment.length >= 8 && /\d/.test(segment) && /^[\w-]+$/.test(segment)
}

/**
 * The crumbs for a path: home first, then one per segment. Id-like segments show the stored label;
 * the last segment, View and Edit are not links, nor are prefixes no route serves.
 */
export function buildBreadcrumb(pathname: string, routes: readonly CrumbRoute[]): Crumb[] {
  const home = routes.find((route) => route.path === '/')
  const crumbs: Crumb[] = []
  const segments = pathname.split('/').filter(Boolean)
  if (home)
    crumbs.push({ href: segments.length ? '/' : null, label: { kind: 'route', routeId: home.id } })
  segments.forEach((raw, index) => {
    const segment = decodeSegment(raw)
    const prefix = `/${segments.slice(0, index + 1).join('/')}`
    const isLast = index === segments.length - 1
    const route = findRoute(routes, prefix)
    let label: CrumbLabel
    if (isIdLike(segment)) label = { kind: 'id', id: segment }
    else if (actions.has(segment) && !(route && segment === 'create'))
      label = { kind: 'action', action: segment as 'view' | 'edit' | 'create' }
    else if (route) label = { kind: 'route', routeId: route.id }
    else label = { kind: 'text', text: segment }
    const linkable = !isLast && !unlinkedActions.has(segment) && route !== undefined
    crumbs.push({ href: linkable ? prefix : null, label })
  })
  return crumbs
}

/** The nearest linked ancestor of a path (an edit page's list), or null at the top. */
export function parentPath(pathname: string, routes: readonly CrumbRoute[]): string | null {
  const crumbs = buildBreadcrumb(pathname, routes)
  return crumbs.slice(0, -1).findLast((crumb) => crumb.href !== null)?.href ?? null
}
