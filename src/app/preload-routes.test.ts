import { describe, expect, it } from 'vitest'
import { areaOf, screensNextTo } from './preload-routes'
import { routes } from './routes'

const ids = (area: string) => screensNextTo(area).map((route) => route.id)
const sidebar = routes.filter((route) => route.sidebar !== undefined).map((route) => route.id)

describe('the screens one step away', () => {
  it('names a page by its first segment', () => {
    expect(areaOf('/users/view/7')).toBe('users')
    expect(areaOf('/alert-rules/create')).toBe('alert-rules')
    expect(areaOf('/lockdowns/3')).toBe('lockdowns')
    expect(areaOf('/')).toBe('')
  })

  it('from the dashboard: the sidebar screens, and nothing else', () => {
    expect(ids('')).toEqual(sidebar)
  })

  it("from a users page: the area's own screens first, then the sidebar, never another area's forms", () => {
    const next = ids('users')
    expect(next.slice(0, 4)).toEqual(['users', 'users-create', 'users-edit', 'users-view'])
    expect(next.slice(4)).toEqual(sidebar.filter((id) => id !== 'users'))
    for (const far of ['organizations-create', 'devices-view', 'rules-edit', 'login'])
      expect(next).not.toContain(far)
  })

  it('an area without a sidebar entry still brings its own screens', () => {
    expect(ids('lockdowns').slice(0, 2)).toEqual(['lockdowns', 'lockdowns-view'])
  })

  it('leaves out a screen that is already loaded', async () => {
    const settings = routes.find((route) => route.id === 'settings')
    expect(ids('settings')).toContain('settings')
    await settings?.screen.preload()
    expect(ids('settings')).not.toContain('settings')
  })
})
