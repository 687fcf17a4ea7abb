import { startEarlyGet } from '../../api/early-get'
import { TRIAGE_PATH } from '../../contract/api-paths'
import { buildUrl } from '../../api/urls'
import { needs, type Can } from '../../contract/permissions'

/** Who sees "Needs attention" (dashboard-screen.tsx) and may read the triage. */
export const devicesRead = needs('devices', 'read')

/**
 * A signed-in boot on the dashboard (the route's `prefetchSignedIn`, app.tsx): "Needs attention",
 * the page's largest element, asks for the triage once the shell and the screen have rendered;
 * as soon as the profile says the user may read it, the request starts instead. Only then: a
 * request the user may not make would answer 403 into the console.
 */
export function prefetchDashboard(can: Can) {
  if (can(devicesRead)) startEarlyGet(buildUrl({ path: TRIAGE_PATH }))
}
