// The routes the fuzz tests (fuzz.test.ts) send hostile input to, with a valid body or path each;
// ids point at seeded rows (users 1.., location 1, floor 1, …).

const when = '2026-05-01T08:00:00Z'
const later = '2026-06-01T08:00:00Z'

/** [method, path, a valid body] of every JSON write route. */
export const endpoints: [string, string, Record<string, unknown>][] = [
  ['POST', '/auth/v1/token/refresh', { refresh_token: 'a.b' }],
  ['POST', '/auth/v1/token/revoke', { refresh_token: 'a.b' }],
  ['POST', '/org/v1/users/password-reset', { token: 'abc', new_password: 'Long-Enough-1' }],
  ['POST', '/notify', { workflow: 'reset_password_email', email: 'a@b.cd' }],
  [
    'POST',
    '/org/v1/users',
    {
      username: 'fz',
      email: 'fz@acme.example',
      roles: ['staff'],
      permissions: ['users:read:org'],
      organization_id: 1,
    },
  ],
  ['PUT', '/org/v1/users/3', { first_name: 'F', roles: ['staff'] }],
  ['POST', '/org/v1/organizations', { name: 'F', description: 'd', client_ids: ['fz'] }],
  [
    'PUT',
    '/org/v1/organizations/2',
    { name: 'F', client_ids: ['globex-portal'], time_zone: 'Europe/Berlin' },
  ],
  ['POST', '/sbm/v1/locations', { name: 'F', street: 's', locality: 'l' }],
  ['PUT', '/sbm/v1/locations/1', { name: 'F', postal_code: '1', time_zone: 'Europe/Berlin' }],
  ['POST', '/sbm/v1/floors', { location_id: 1, name: 'F', position: 1 }],
  ['PUT', '/sbm/v1/floors/1', { name: 'F', position: 2 }],
  ['POST', '/sbm/v1/rooms', { floor_id: 1, name: 'F', description: 'd' }],
  ['PUT', '/sbm/v1/rooms/1', { name: 'F' }],
  ['POST', '/sbm/v1/doors', { room_id: 1, name: 'F' }],
  ['PUT', '/sbm/v1/doors/1', { name: 'F' }],
  ['POST', '/org/v1/doors', { door_ids: [1, 2], location_id: 1 }],
  [
    'POST',
    '/sbm/v1/devices',
    {
      name: 'F',
      description: 'd',
      device_type_id: 'lock',
      manufacturer_id: 1,
      device_id_manufacturer: 'FZ-1',
      assignment_type: 'door',
      assignment_id: 1,
    },
  ],
  ['PUT', '/sbm/v1/devices/1', { name: 'F', capabilities: ['remotely_lock'] }],
  [
    'POST',
    '/access/v1/devices/2/set/create_pin',
    {
      data: { start_date: when, end_date: later, manufacturer_id: 1, device_id_manufacturer: 'x' },
    },
  ],
  [
    'POST',
    '/access/v1/credentials',
    {
      user_id: 2,
      assignment_type: 'door',
      assignment_id: 1,
      start_datetime: when,
      end_datetime: later,
    },
  ],
  ['PUT', '/access/v1/credentials/1', { end_datetime: later, exclusive: false }],
  ['POST', '/sbm/v1/lockdowns', { scope_type: 'floor', scope_id: 1, reason: 'F' }],
  ['POST', '/sbm/v1/lockdowns/1/release', { reason: 'F' }],
  ['POST', '/access/v1/devices/2/pin-entry', { pin: '123456' }],
  ['POST', '/sbm/v1/devices/1/simulate', { event: 'battery', battery_level: 50 }],
  // Who may enter, when (decision 065): the seed's group, schedule, calendar and rule are 1.
  ['POST', '/access/v1/groups', { name: 'F', description: 'd' }],
  ['PUT', '/access/v1/groups/1', { name: 'F', description: 'd' }],
  ['POST', '/access/v1/groups/1/members', { members: [{ user_id: 3, valid_until: later }] }],
  ['DELETE', '/access/v1/groups/1/members', { user_ids: [3] }],
  [
    'POST',
    '/access/v1/schedules',
    { name: 'F', intervals: [{ days: ['mon'], start: '07:00', end: '19:00' }], calendar_ids: [1] },
  ],
  [
    'PUT',
    '/access/v1/schedules/1',
    { intervals: [{ days: ['sat'], start: '22:00', end: '06:00' }] },
  ],
  ['PUT', '/sbm/v1/doors/1/mode', { schedule_id: 1, first_person_in_group_id: 1 }],
  ['POST', '/sbm/v1/doors/1/override', { mode: 'locked', until: later, reason: 'Fuzz' }],
  [
    'POST',
    '/sbm/v1/locations/1/snow-days',
    { date: '2099-01-05', kind: 'open_late', time: '10:00', reason: 'Fuzz' },
  ],
  [
    'POST',
    '/access/v1/calendars',
    {
      name: 'F',
      exceptions: [
        { date: '2027-01-02', effect: 'closed' },
        { rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', dtstart: '2026-12-24', effect: 'closed' },
      ],
    },
  ],
  ['PUT', '/access/v1/calendars/1', { name: 'F' }],
  ['POST', '/access/v1/calendars/1/holidays', { region: 'DE-BE', year: 2027, language: 'de' }],
  [
    'POST',
    '/access/v1/rules',
    { name: 'F', group_ids: [1], targets: [{ type: 'door', id: 1 }], schedule_id: 1 },
  ],
  ['PUT', '/access/v1/rules/1', { name: 'F', valid_from: when, valid_until: later }],
  [
    'POST',
    '/sbm/v1/alert-rules',
    {
      name: 'F',
      event_types: ['door.held_open'],
      scope: { kind: 'location', id: 1 },
      threshold_s: 60,
      severity: 'warning',
      recipients: { user_ids: [1], group_ids: [1] },
      channels: ['console', 'email'],
    },
  ],
  [
    'PUT',
    '/sbm/v1/alert-rules/1',
    {
      name: 'F',
      event_types: ['door.held_open'],
      scope: { kind: 'location', id: 1 },
      threshold_s: 60,
      severity: 'warning',
      recipients: { user_ids: [1], group_ids: [1] },
      channels: ['console', 'email'],
    },
  ],
  ['POST', '/sbm/v1/incidents/1/resolve', { note: 'F' }],
]

/** Every route that takes an id in its path, with the method(s) it answers; `{id}` is replaced. */
export const idRoutes: [string, string][] = [
  ...['users', 'organizations'].flatMap((r) =>
    ['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, `/org/v1/${r}/{id}`]),
  ),
  ...['locations', 'devices'].flatMap((r) =>
    ['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, `/sbm/v1/${r}/{id}`]),
  ),
  ...['floors', 'rooms', 'doors'].flatMap((r) =>
    ['PUT', 'DELETE'].map((m): [string, string] => [m, `/sbm/v1/${r}/{id}`]),
  ),
  ...['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, '/access/v1/credentials/{id}']),
  ['GET', '/access/v1/users/{id}/access'],
  ['POST', '/access/v1/devices/{id}/control/lock'],
  ['POST', '/access/v1/devices/{id}/set/create_pin'],
  ['GET', '/sbm/v1/lockdowns/{id}'],
  ['POST', '/sbm/v1/lockdowns/{id}/release/approve'],
  ['POST', '/sbm/v1/lockdowns/{id}/retry'],
  ...['GET', 'POST', 'DELETE'].map((m): [string, string] => [m, '/access/v1/users/{id}/pin']),
  ...['GET', 'POST'].map((m): [string, string] => [m, '/access/v1/users/{id}/offboard']),
  ['POST', '/access/v1/users/{id}/offboard/undo'],
  ['POST', '/sbm/v1/devices/{id}/secret'],
  ['POST', '/access/v1/devices/{id}/pin-entry'],
  ['POST', '/sbm/v1/devices/{id}/simulate'],
  ...['groups', 'schedules', 'calendars', 'rules'].flatMap((r) =>
    ['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, `/access/v1/${r}/{id}`]),
  ),
  ...['GET', 'POST', 'DELETE'].map((m): [string, string] => [m, '/access/v1/groups/{id}/members']),
  ['POST', '/access/v1/calendars/{id}/holidays'],
  ...['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, '/sbm/v1/doors/{id}/mode']),
  ...['POST', 'DELETE'].map((m): [string, string] => [m, '/sbm/v1/doors/{id}/override']),
  ['GET', '/sbm/v1/doors/{id}/mode-timeline'],
  ...['GET', 'POST'].map((m): [string, string] => [m, '/sbm/v1/locations/{id}/snow-days']),
  ['DELETE', '/sbm/v1/snow-days/{id}'],
  ...['GET', 'PUT', 'DELETE'].map((m): [string, string] => [m, '/sbm/v1/alert-rules/{id}']),
  ['GET', '/sbm/v1/incidents/{id}'],
  ['POST', '/sbm/v1/incidents/{id}/acknowledge'],
  ['POST', '/sbm/v1/incidents/{id}/resolve'],
]
