import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Problem, Rule, RuleParams, Subject } from '../../contract/rules'
import { lockdownRefusalText } from '../../lib/answer-text'

type Say = (LL: TranslationFunctions, params: RuleParams) => string

const number = (params: RuleParams, key: string) => Number(params[key] ?? 0)

// The product's fixed "… is required." sentences; a subject without one gets the generic one.
const requiredText: Partial<Record<Subject, (LL: TranslationFunctions) => string>> = {
  name: (LL) => LL.validation.nameRequired(),
  description: (LL) => LL.validation.descriptionRequired(),
  username: (LL) => LL.validation.usernameRequired(),
  password: (LL) => LL.validation.passwordRequired(),
  email: (LL) => LL.validation.emailRequired(),
  roles: (LL) => LL.validation.rolesRequired(),
  permissions: (LL) => LL.validation.permissionsRequired(),
  organization: (LL) => LL.validation.organizationRequired(),
  clients: (LL) => LL.validation.clientsRequired(),
  device_type: (LL) => LL.validation.deviceTypeRequired(),
  manufacturer: (LL) => LL.validation.manufacturerRequired(),
  manufacturer_id: (LL) => LL.validation.manufacturerIdRequired(),
  user: (LL) => LL.validation.userRequired(),
  device: (LL) => LL.validation.deviceRequired(),
  door: (LL) => LL.validation.doorRequired(),
  location: (LL) => LL.validation.locationRequired(),
  floor: (LL) => LL.validation.floorRequired(),
  room: (LL) => LL.validation.roomRequired(),
  position: (LL) => LL.validation.positionRequired(),
  weekdays: (LL) => LL.validation.weekdaysRequired(),
  group: (LL) => LL.validation.groupRequired(),
  target: (LL) => LL.validation.targetRequired(),
  schedule: (LL) => LL.validation.scheduleRequired(),
  date: (LL) => LL.validation.dateRequired(),
  end: (LL) => LL.validation.endRequired(),
  reason: (LL) => LL.lockdown.reasonRequired(),
  scope: (LL) => LL.lockdown.scopeRequired(),
}

const takenText: Record<string, (LL: TranslationFunctions) => string> = {
  client: (LL) => LL.validation.clientExists(),
  username: (LL) => LL.form.usernameTaken(),
  email: (LL) => LL.form.emailTaken(),
  manufacturer_id: (LL) => LL.form.manufacturerIdTaken(),
  schedule: (LL) => LL.schedules.nameTaken(),
  calendar: (LL) => LL.calendars.nameTaken(),
  access_rule: (LL) => LL.rules.nameTaken(),
  alert_rule: (LL) => LL.alertRules.nameTaken(),
}

/** "3 devices and 2 credentials": what the server counted still holding the thing. */
function heldText(LL: TranslationFunctions, params: RuleParams): string {
  const devices = number(params, 'devices')
  const credentials = number(params, 'credentials')
  if (devices > 0 && credentials > 0) return LL.form.held.both({ devices, credentials })
  return devices > 0 ? LL.form.held.devices({ devices }) : LL.form.held.credentials({ credentials })
}

const heldBy =
  (key: keyof TranslationFunctions['form']['heldBy']): Say =>
  (LL, params) =>
    LL.form.heldBy[key]({ held: heldText(LL, params) })

const inUseText: Record<string, Say> = {
  organization: (LL) => LL.form.organizationInUse(),
  location: heldBy('location'),
  floor: heldBy('floor'),
  room: heldBy('room'),
  door: heldBy('door'),
  location_move: heldBy('locationMove'),
  floor_move: heldBy('move'),
  room_move: heldBy('move'),
  door_move: heldBy('move'),
  device: (LL, p) => LL.form.deviceInUse({ count: number(p, 'count') }),
  // Access rules still name the group (decision 065): how many, when the server counted them.
  group: (LL, p) =>
    p.rules === undefined ? LL.groups.inUse() : LL.groups.inUseCount({ count: number(p, 'rules') }),
  // Rules still use the schedule; schedules still use the calendar.
  schedule: (LL, p) => LL.schedules.inUse({ count: number(p, 'rules') }),
  calendar: (LL, p) => LL.calendars.inUse({ count: number(p, 'schedules') }),
}

const bySubject =
  (table: Record<string, Say | undefined>, fallback: Say): Say =>
  (LL, params) => {
    const say = table[String(params.subject)]
    return say ? say(LL, params) : fallback(LL, params)
  }

const rules: Record<Rule, Say> = {
  required: bySubject(requiredText, (LL) => LL.form.required()),
  too_long: (LL, p) => LL.form.tooLong({ max: number(p, 'max') }),
  too_many: (LL, p) =>
    p.subject === 'clients'
      ? LL.form.tooManyClients({ max: number(p, 'max') })
      : LL.form.tooMany({ max: number(p, 'max') }),
  password_too_short: (LL) => LL.validation.passwordMin(),
  email_invalid: (LL) => LL.validation.emailInvalid(),
  phone_invalid: (LL) => LL.form.phoneInvalid(),
  client_id_invalid: (LL) => LL.form.clientIdInvalid(),
  client_exists: (LL) => LL.validation.clientExists(),
  duplicate: (LL) => LL.form.duplicate(),
  id_invalid: (LL) => LL.form.idInvalid(),
  datetime_invalid: (LL) => LL.form.datetimeInvalid(),
  image_url_invalid: (LL) => LL.form.imageUrlInvalid(),
  role_invalid: (LL) => LL.form.roleInvalid(),
  permission_invalid: (LL) => LL.form.permissionInvalid(),
  end_before_start: (LL) => LL.form.endBeforeStart(),
  permanent_has_end: (LL) => LL.form.permanentHasEnd(),
  unknown_field: (LL) => LL.form.unknownField(),
  invalid: (LL) => LL.form.invalid(),
  unreadable: (LL) => LL.form.unreadable(),
  taken: bySubject(takenText, (LL) => LL.form.taken()),
  in_use: bySubject(inUseText, (LL) => LL.form.inUse()),
  conflict: (LL) => LL.form.conflict(),
  not_at_assignment: (LL) => LL.form.notAtAssignment(),
  credential_ended: (LL) => LL.form.credentialEnded(),
  no_transport: (LL, p) => (p.channel === 'sms' ? LL.form.noTextMessages() : LL.form.noEmail()),
  no_code: (LL) => LL.form.noCode(),
  before_journal: (LL) => LL.form.beforeJournal(),
  no_permission: (LL, p) =>
    p.permissions === undefined
      ? LL.form.forbidden()
      : LL.answers.noPermission({ permissions: String(p.permissions) }),
  not_manageable: (LL) => LL.answers.notManageable(),
  cannot_grant: (LL) => LL.answers.cannotGrant(),
  lockdown: lockdownRefusalText,
  already_locked_down: (LL) => LL.lockdown.refusals.already_locked_down(),
  release_pending: (LL) => LL.lockdown.refusals.release_pending(),
  no_release_request: (LL) => LL.lockdown.refusals.no_release_request(),
  release_lapsed: (LL) => LL.lockdown.refusals.release_lapsed(),
  second_person_required: (LL) => LL.lockdown.refusals.second_person_required(),
  not_active: (LL) => LL.lockdown.refusals.not_active(),
  own_account: (LL, p) => {
    const change = String(p.change)
    const own = LL.answers.ownAccount
    return change === 'disable' ||
      change === 'delete' ||
      change === 'invite' ||
      change === 'offboard'
      ? own[change]()
      : own.edit()
  },
  last_admin: (LL) => LL.offboard.refusals.last_admin(),
  undo_expired: (LL, p) => LL.offboard.refusals.undo_expired({ minutes: Number(p.minutes) }),
  nothing_to_undo: (LL) => LL.offboard.refusals.nothing_to_undo(),
}

/** Any contract or server failure in the user's language, chosen by its rule, never its English. */
export function problemText(LL: TranslationFunctions, problem: Pick<Problem, 'rule' | 'params'>) {
  return rules[problem.rule](LL, problem.params)
}
