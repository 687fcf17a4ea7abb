import { afterEach, expect } from 'vitest'
import type { ServerOptions } from '../../server/config'
import {
  AccessRule,
  CALENDARS_PATH,
  Calendar,
  GROUPS_PATH,
  Group,
  RULES_PATH,
  SCHEDULES_PATH,
  Schedule,
  type AccessRuleInput,
  type AccessRuleUpdate,
  type CalendarException,
  type ScheduleInterval,
} from '../../src/contract/access-model'
import { ADMIN, shaped, useServer, type TestServer } from './helpers'

// Groups, members, schedules, calendars and rules written through the model's routes (each write
// journaled there with its before and after), for the tests of "who can open" and "where can they
// go" to build a model and change it between moments.

export interface Window {
  valid_from?: string | null
  valid_until?: string | null
}

/** The model's writes as `token` makes them on `server`; each expects the route's success. */
export function modelWrites(server: () => TestServer, token: () => Promise<string>) {
  const send = async (method: string, path: string, json: unknown, status = 200) => {
    const reply = await server().request(method, path, { token: await token(), json })
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(status)
    return reply.body
  }
  return {
    group: async (organization_id: number, name: string) =>
      shaped(await send('POST', GROUPS_PATH, { organization_id, name }, 201), Group),
    renameGroup: (groupId: number, name: string) =>
      send('PUT', `${GROUPS_PATH}/${groupId}`, { name }),
    /** Adds the person, or sets the window of her membership. */
    join: (groupId: number, userId: number, window: Window = {}) =>
      send('POST', `${GROUPS_PATH}/${groupId}/members`, {
        members: [{ user_id: userId, ...window }],
      }),
    leave: (groupId: number, userId: number) =>
      send('DELETE', `${GROUPS_PATH}/${groupId}/members`, { user_ids: [userId] }),
    schedule: async (
      organization_id: number,
      name: string,
      intervals: ScheduleInterval[],
      calendar_ids: number[] = [],
    ) =>
      shaped(
        await send('POST', SCHEDULES_PATH, { organization_id, name, intervals, calendar_ids }, 201),
        Schedule,
      ),
    hours: (scheduleId: number, intervals: ScheduleInterval[]) =>
      send('PUT', `${SCHEDULES_PATH}/${scheduleId}`, { intervals }),
    calendar: async (organization_id: number, name: string, exceptions: CalendarException[] = []) =>
      shaped(
        await send('POST', CALENDARS_PATH, { organization_id, name, exceptions }, 201),
        Calendar,
      ),
    exceptions: (calendarId: number, exceptions: CalendarException[]) =>
      send('PUT', `${CALENDARS_PATH}/${calendarId}`, { exceptions }),
    rule: async (rule: AccessRuleInput) =>
      shaped(await send('POST', RULES_PATH, rule, 201), AccessRule),
    changeRule: (ruleId: number, fields: AccessRuleUpdate) =>
      send('PUT', `${RULES_PATH}/${ruleId}`, fields),
    dropRule: (ruleId: number) => send('DELETE', `${RULES_PATH}/${ruleId}`, undefined, 204),
  }
}

/**
 * A file's server for the access model: its database, its clock (back to the real time after each
 * test) and the model's writes as the admin makes them.
 */
export function useModelServer(overrides: Partial<ServerOptions> = {}) {
  const server = useServer(overrides)
  const services = () => server().running.handle.services
  afterEach(() => services().clock.set(null))
  return {
    server,
    db: () => services().db,
    clock: () => services().clock,
    model: modelWrites(server, () => server().login(ADMIN)),
  }
}
