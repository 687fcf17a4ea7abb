import type { EntitySource } from '../commands/entity-source'
import type { PaletteContext } from '../commands/registry'
import { alertRuleSource } from '../features/alert-rules/alert-rule-source'
import { calendarSource } from '../features/calendars/calendar-source'
import { credentialSource } from '../features/credentials/credential-source'
import { deviceSource } from '../features/devices/device-source'
import { doorSource } from '../features/locations/door-source'
import { groupSource } from '../features/groups/group-source'
import { incidentSource } from '../features/incidents/incident-source'
import { locationSource } from '../features/locations/location-source'
import { lockdownSource } from '../features/lockdowns/lockdown-source'
import { organizationSource } from '../features/organizations/organization-source'
import { ruleSource } from '../features/rules/rule-source'
import { scheduleSource } from '../features/schedules/schedule-source'
import { userSource } from '../features/users/user-source'
import { webhookSource } from '../features/webhooks/webhook-source'

/** Every entity kind the palette searches: each area registers its `<area>-source.ts` here. */
export const entitySources: readonly EntitySource<unknown, PaletteContext>[] = [
  organizationSource,
  userSource,
  locationSource,
  deviceSource,
  doorSource,
  credentialSource,
  lockdownSource,
  groupSource,
  scheduleSource,
  calendarSource,
  ruleSource,
  incidentSource,
  webhookSource,
  alertRuleSource,
]
