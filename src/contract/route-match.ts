// Route matching for everything that must agree with the router (the app's gate, the sidebar, the
// breadcrumb, preloading, the server's answers in the page): the same `:param` segments wouter
// matches, nothing more.

export type RoutePattern = { path: string }

/** Matches a wouter-style pattern (`/organizations/edit/:id`) against a concrete path. */
export function matchPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  if (want.length !== have.length) return false
  return want.every((part, index) => part.startsWith(':') || part === have[index])
}

export function findRoute<R extends RoutePattern>(
  routes: readonly R[],
  path: string,
): R | undefined {
  return routes.find((route) => matchPattern(route.path, path))
}

/** A path segment as text; a malformed escape (`%zz`) stays as typed instead of throwing. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
