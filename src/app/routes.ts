import type { TranslationFunctions } from '../../i18n/i18n-types'
import { needs, type Can, type Permission } from '../contract/permissions'
import { prefetchDashboard } from '../features/dashboard/dashboard-prefetch'
import { patterns, type RouteId } from '../contract/pages'
import type { IconName } from '../ui/icon'
import { lazyScreen, type LazyScreen } from './lazy-screen'

export type AppRoute = {
  /** Stable id: palette commands, breadcrumb labels and tests refer to routes by it. */
  id: RouteId
  /** wouter pattern from contract/pages.ts, e.g. `/organizations/edit/:id`. */
  path: string
  /** Preloaded when one step away and on link hover/focus (preload-routes.ts). */
  screen: LazyScreen
  /**
   * Any one suffices; empty = every signed-in user (requirements R2.3). Ignored for guest-only
   * routes.
   */
  anyOf: readonly Permission[]
  /** Public pages that redirect to / when signed in. */
  guestOnly?: boolean
  /** Sidebar text, breadcrumb segment and palette entry. */
  label: (LL: TranslationFunctions) => string
  sidebar?: { icon: IconName; order: number }
  /**
   * The screen's heading when it is fixed words (no record's name, no user's): a signed-in boot's
   * frame shows it where the screen will, so a deep link paints its heading before the profile and
   * the shell's code arrive (layout/boot-frame.tsx). Its words must be in the entry's English
   * (i18n/en/core.ts); tests/e2e/first-impression.spec.ts checks nothing moves when the screen
   * replaces the frame.
   */
  heading?: (LL: TranslationFunctions) => { title: string; intro?: string }
  /** Create and edit pages leave 80 px under the content (requirements R2.9). */
  bottomMargin?: boolean
  /**
   * Once a signed-in boot on this route knows what the user may do (the profile has answered), it
   * starts the data that depends on it, while the shell renders (app.tsx). Synchronous and light,
   * as the first requests of contract/first-requests.ts.
   */
  prefetchSignedIn?: (can: Can) => void
}

// THE route table: the router, sidebar, breadcrumb and command palette all read it. Screens are
// lazy so /login ships only the sign-in code. Rows for screens that do not exist yet are not here;
// ARCHITECTURE.md holds the permission table for every route (requirements R2.3).
export const routes: readonly AppRoute[] = [
  {
    id: 'login',
    path: patterns.login,
    screen: lazyScreen(() =>
      import('../features/auth/login-screen').then((m) => ({ default: m.LoginScreen })),
    ),
    anyOf: [],
    guestOnly: true,
    label: (LL) => LL.nav.login(),
  },
  {
    id: 'start-password-reset',
    path: patterns['start-password-reset'],
    screen: lazyScreen(() =>
      import('../features/auth/start-password-reset-screen').then((m) => ({
        default: m.StartPasswordResetScreen,
      })),
    ),
    anyOf: [],
    guestOnly: true,
    label: (LL) => LL.nav.startPasswordReset(),
  },
  {
    id: 'password-reset',
    path: patterns['password-reset'],
    screen: lazyScreen(() =>
      import('../features/auth/password-reset-screen').then((m) => ({
        default: m.PasswordResetScreen,
      })),
    ),
    anyOf: [],
    guestOnly: true,
    label: (LL) => LL.nav.passwordReset(),
  },
  {
    id: 'dashboard',
    path: patterns.dashboard,
    screen: lazyScreen(() =>
      import('../features/dashboard/dashboard-screen').then((m) => ({
        default: m.DashboardScreen,
      })),
    ),
    anyOf: [],
    label: (LL) => LL.nav.dashboard(),
    sidebar: { icon: 'dashboard', order: 0 },
    prefetchSignedIn: prefetchDashboard,
  },
  {
    id: 'settings',
    path: patterns.settings,
    screen: lazyScreen(() =>
      import('../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })),
    ),
    anyOf: [],
    label: (LL) => LL.nav.settings(),
  },
  {
    id: 'account',
    path: patterns.account,
    screen: lazyScreen(() =>
      import('../features/auth/account-screen').then((m) => ({ default: m.AccountScreen })),
    ),
    anyOf: [],
    label: (LL) => LL.nav.account(),
  },
  {
    id: 'organizations',
    path: patterns.organizations,
    screen: lazyScreen(() =>
      import('../features/organizations/organizations-screen').then((m) => ({
        default: m.OrganizationsScreen,
      })),
    ),
    anyOf: needs('organizations', 'read'),
    label: (LL) => LL.organizations.title(),
    heading: (LL) => ({ title: LL.organizations.title() }),
    sidebar: { icon: 'organizations', order: 1 },
  },
  {
    id: 'organizations-create',
    path: patterns['organizations-create'],
    screen: lazyScreen(() =>
      import('../features/organizations/create-organization-screen').then((m) => ({
        default: m.CreateOrganizationScreen,
      })),
    ),
    anyOf: needs('organizations', 'create'),
    label: (LL) => LL.organizations.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'organizations-edit',
    path: patterns['organizations-edit'],
    screen: lazyScreen(() =>
      import('../features/organizations/edit-organization-screen').then((m) => ({
        default: m.EditOrganizationScreen,
      })),
    ),
    anyOf: needs('organizations', 'update'),
    label: (LL) => LL.organizations.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'devices',
    path: patterns.devices,
    screen: lazyScreen(() =>
      import('../features/devices/devices-screen').then((m) => ({ default: m.DevicesScreen })),
    ),
    anyOf: needs('devices', 'read'),
    label: (LL) => LL.nav.devices(),
    heading: (LL) => ({ title: LL.nav.devices() }),
    sidebar: { icon: 'devices', order: 4 },
  },
  {
    id: 'devices-create',
    path: patterns['devices-create'],
    screen: lazyScreen(() =>
      import('../features/devices/create-device-screen').then((m) => ({
        default: m.CreateDeviceScreen,
      })),
    ),
    anyOf: needs('devices', 'create'),
    label: (LL) => LL.devices.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'devices-edit',
    path: patterns['devices-edit'],
    screen: lazyScreen(() =>
      import('../features/devices/edit-device-screen').then((m) => ({
        default: m.EditDeviceScreen,
      })),
    ),
    anyOf: needs('devices', 'update'),
    label: (LL) => LL.devices.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'devices-view',
    path: patterns['devices-view'],
    screen: lazyScreen(() =>
      import('../features/devices/device-view-screen').then((m) => ({
        default: m.DeviceViewScreen,
      })),
    ),
    anyOf: needs('devices', 'read'),
    label: (LL) => LL.devices.viewTitle(),
  },
  {
    id: 'credentials',
    path: patterns.credentials,
    screen: lazyScreen(() =>
      import('../features/credentials/credentials-screen').then((m) => ({
        default: m.CredentialsScreen,
      })),
    ),
    anyOf: needs('credentials', 'read'),
    label: (LL) => LL.nav.credentials(),
    heading: (LL) => ({ title: LL.nav.credentials() }),
    sidebar: { icon: 'credentials', order: 5 },
  },
  {
    id: 'credentials-create',
    path: patterns['credentials-create'],
    screen: lazyScreen(() =>
      import('../features/credentials/create-credential-screen').then((m) => ({
        default: m.CreateCredentialScreen,
      })),
    ),
    anyOf: needs('credentials', 'create'),
    label: (LL) => LL.credentials.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'credentials-edit',
    path: patterns['credentials-edit'],
    screen: lazyScreen(() =>
      import('../features/credentials/edit-credential-screen').then((m) => ({
        default: m.EditCredentialScreen,
      })),
    ),
    anyOf: needs('credentials', 'update'),
    label: (LL) => LL.credentials.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'groups',
    path: patterns.groups,
    screen: lazyScreen(() =>
      import('../features/groups/groups-screen').then((m) => ({ default: m.GroupsScreen })),
    ),
    anyOf: needs('groups', 'read'),
    label: (LL) => LL.nav.groups(),
    heading: (LL) => ({ title: LL.nav.groups() }),
    // Who may enter (decision 065), beside the credentials that are the other way in.
    sidebar: { icon: 'groups', order: 5.1 },
  },
  {
    id: 'groups-create',
    path: patterns['groups-create'],
    screen: lazyScreen(() =>
      import('../features/groups/create-group-screen').then((m) => ({
        default: m.CreateGroupScreen,
      })),
    ),
    anyOf: needs('groups', 'create'),
    label: (LL) => LL.groups.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'groups-edit',
    path: patterns['groups-edit'],
    screen: lazyScreen(() =>
      import('../features/groups/edit-group-screen').then((m) => ({ default: m.EditGroupScreen })),
    ),
    anyOf: needs('groups', 'update'),
    label: (LL) => LL.groups.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'groups-view',
    path: patterns['groups-view'],
    screen: lazyScreen(() =>
      import('../features/groups/group-view-screen').then((m) => ({ default: m.GroupViewScreen })),
    ),
    anyOf: needs('groups', 'read'),
    label: (LL) => LL.groups.viewTitle(),
  },
  {
    id: 'users',
    path: patterns.users,
    screen: lazyScreen(() =>
      import('../features/users/users-screen').then((m) => ({ default: m.UsersScreen })),
    ),
    anyOf: needs('users', 'read'),
    label: (LL) => LL.nav.users(),
    heading: (LL) => ({ title: LL.nav.users() }),
    sidebar: { icon: 'users', order: 2 },
  },
  {
    id: 'users-create',
    path: patterns['users-create'],
    screen: lazyScreen(() =>
      import('../features/users/create-user-screen').then((m) => ({
        default: m.CreateUserScreen,
      })),
    ),
    anyOf: needs('users', 'create'),
    label: (LL) => LL.users.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'users-edit',
    path: patterns['users-edit'],
    screen: lazyScreen(() =>
      import('../features/users/edit-user-screen').then((m) => ({ default: m.EditUserScreen })),
    ),
    anyOf: needs('users', 'update'),
    label: (LL) => LL.users.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'users-view',
    path: patterns['users-view'],
    screen: lazyScreen(() =>
      import('../features/users/user-view-screen').then((m) => ({ default: m.UserViewScreen })),
    ),
    anyOf: needs('users', 'read'),
    label: (LL) => LL.users.viewTitle(),
  },
  {
    id: 'locations',
    path: patterns.locations,
    screen: lazyScreen(() =>
      import('../features/locations/locations-screen').then((m) => ({
        default: m.LocationsScreen,
      })),
    ),
    anyOf: needs('locations', 'read'),
    label: (LL) => LL.nav.locations(),
    heading: (LL) => ({ title: LL.nav.locations() }),
    sidebar: { icon: 'locations', order: 3 },
  },
  {
    id: 'locations-create',
    path: patterns['locations-create'],
    screen: lazyScreen(() =>
      import('../features/locations/create-location-screen').then((m) => ({
        default: m.CreateLocationScreen,
      })),
    ),
    anyOf: needs('locations', 'create'),
    label: (LL) => LL.locations.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'locations-edit',
    path: patterns['locations-edit'],
    screen: lazyScreen(() =>
      import('../features/locations/edit-location-screen').then((m) => ({
        default: m.EditLocationScreen,
      })),
    ),
    anyOf: needs('locations', 'update'),
    label: (LL) => LL.locations.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'locations-view',
    path: patterns['locations-view'],
    screen: lazyScreen(() =>
      import('../features/locations/location-view-screen').then((m) => ({
        default: m.LocationViewScreen,
      })),
    ),
    anyOf: needs('locations', 'read'),
    label: (LL) => LL.common.view(),
  },
  {
    id: 'lockdowns',
    path: patterns.lockdowns,
    screen: lazyScreen(() =>
      import('../features/lockdowns/lockdowns-screen').then((m) => ({
        default: m.LockdownsScreen,
      })),
    ),
    // Everyone signed in reads their organization's lockdowns (there is no lockdown:read).
    anyOf: [],
    // No sidebar entry: the banner, the dashboard and "Go to Lockdowns" lead here while one matters.
    label: (LL) => LL.lockdown.listTitle(),
  },
  {
    id: 'lockdowns-view',
    path: patterns['lockdowns-view'],
    screen: lazyScreen(() =>
      import('../features/lockdowns/lockdown-view-screen').then((m) => ({
        default: m.LockdownViewScreen,
      })),
    ),
    anyOf: [],
    label: (LL) => LL.common.view(),
  },
  {
    id: 'schedules',
    path: patterns.schedules,
    screen: lazyScreen(() =>
      import('../features/schedules/schedules-screen').then((m) => ({
        default: m.SchedulesScreen,
      })),
    ),
    anyOf: needs('schedules', 'read'),
    label: (LL) => LL.schedules.title(),
    // Beside Groups (5.1) and the other pieces of who may enter when.
    sidebar: { icon: 'schedules', order: 5.2 },
  },
  {
    id: 'schedules-create',
    path: patterns['schedules-create'],
    screen: lazyScreen(() =>
      import('../features/schedules/create-schedule-screen').then((m) => ({
        default: m.CreateScheduleScreen,
      })),
    ),
    anyOf: needs('schedules', 'create'),
    label: (LL) => LL.schedules.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'schedules-edit',
    path: patterns['schedules-edit'],
    screen: lazyScreen(() =>
      import('../features/schedules/edit-schedule-screen').then((m) => ({
        default: m.EditScheduleScreen,
      })),
    ),
    anyOf: needs('schedules', 'update'),
    label: (LL) => LL.schedules.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'schedules-view',
    path: patterns['schedules-view'],
    screen: lazyScreen(() =>
      import('../features/schedules/schedule-view-screen').then((m) => ({
        default: m.ScheduleViewScreen,
      })),
    ),
    anyOf: needs('schedules', 'read'),
    label: (LL) => LL.schedules.viewTitle(),
  },
  {
    id: 'calendars',
    path: patterns.calendars,
    screen: lazyScreen(() =>
      import('../features/calendars/calendars-screen').then((m) => ({
        default: m.CalendarsScreen,
      })),
    ),
    anyOf: needs('schedules', 'read'),
    label: (LL) => LL.calendars.title(),
    sidebar: { icon: 'calendars', order: 5.3 },
  },
  {
    id: 'calendars-create',
    path: patterns['calendars-create'],
    screen: lazyScreen(() =>
      import('../features/calendars/create-calendar-screen').then((m) => ({
        default: m.CreateCalendarScreen,
      })),
    ),
    anyOf: needs('schedules', 'create'),
    label: (LL) => LL.calendars.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'calendars-edit',
    path: patterns['calendars-edit'],
    screen: lazyScreen(() =>
      import('../features/calendars/edit-calendar-screen').then((m) => ({
        default: m.EditCalendarScreen,
      })),
    ),
    anyOf: needs('schedules', 'update'),
    label: (LL) => LL.calendars.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'calendars-view',
    path: patterns['calendars-view'],
    screen: lazyScreen(() =>
      import('../features/calendars/calendar-view-screen').then((m) => ({
        default: m.CalendarViewScreen,
      })),
    ),
    anyOf: needs('schedules', 'read'),
    label: (LL) => LL.calendars.viewTitle(),
  },
  {
    id: 'rules',
    path: patterns.rules,
    screen: lazyScreen(() =>
      import('../features/rules/rules-screen').then((m) => ({ default: m.RulesScreen })),
    ),
    anyOf: needs('access_rules', 'read'),
    label: (LL) => LL.rules.title(),
    sidebar: { icon: 'rules', order: 5.4 },
  },
  {
    id: 'rules-create',
    path: patterns['rules-create'],
    screen: lazyScreen(() =>
      import('../features/rules/create-rule-screen').then((m) => ({
        default: m.CreateRuleScreen,
      })),
    ),
    anyOf: needs('access_rules', 'create'),
    label: (LL) => LL.rules.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'rules-edit',
    path: patterns['rules-edit'],
    screen: lazyScreen(() =>
      import('../features/rules/edit-rule-screen').then((m) => ({ default: m.EditRuleScreen })),
    ),
    anyOf: needs('access_rules', 'update'),
    label: (LL) => LL.rules.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'rules-view',
    path: patterns['rules-view'],
    screen: lazyScreen(() =>
      import('../features/rules/rule-view-screen').then((m) => ({ default: m.RuleViewScreen })),
    ),
    anyOf: needs('access_rules', 'read'),
    label: (LL) => LL.rules.viewTitle(),
  },
  {
    id: 'incidents',
    path: patterns.incidents,
    screen: lazyScreen(() =>
      import('../features/incidents/incidents-screen').then((m) => ({
        default: m.IncidentsScreen,
      })),
    ),
    anyOf: needs('incidents', 'read'),
    label: (LL) => LL.incidents.title(),
    sidebar: { icon: 'incidents', order: 5.5 },
  },
  {
    id: 'incidents-view',
    path: patterns['incidents-view'],
    screen: lazyScreen(() =>
      import('../features/incidents/incident-view-screen').then((m) => ({
        default: m.IncidentViewScreen,
      })),
    ),
    anyOf: needs('incidents', 'read'),
    label: (LL) => LL.incidents.viewTitle(),
  },
  {
    id: 'alert-rules',
    path: patterns['alert-rules'],
    screen: lazyScreen(() =>
      import('../features/alert-rules/alert-rules-screen').then((m) => ({
        default: m.AlertRulesScreen,
      })),
    ),
    anyOf: needs('alert_rules', 'read'),
    label: (LL) => LL.alertRules.title(),
    sidebar: { icon: 'bell', order: 5.6 },
  },
  {
    id: 'alert-rules-create',
    path: patterns['alert-rules-create'],
    screen: lazyScreen(() =>
      import('../features/alert-rules/create-alert-rule-screen').then((m) => ({
        default: m.CreateAlertRuleScreen,
      })),
    ),
    anyOf: needs('alert_rules', 'create'),
    label: (LL) => LL.alertRules.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'alert-rules-edit',
    path: patterns['alert-rules-edit'],
    screen: lazyScreen(() =>
      import('../features/alert-rules/edit-alert-rule-screen').then((m) => ({
        default: m.EditAlertRuleScreen,
      })),
    ),
    anyOf: needs('alert_rules', 'update'),
    label: (LL) => LL.alertRules.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'webhooks',
    path: patterns.webhooks,
    screen: lazyScreen(() =>
      import('../features/webhooks/webhooks-screen').then((m) => ({
        default: m.WebhooksScreen,
      })),
    ),
    anyOf: needs('webhooks', 'read'),
    label: (LL) => LL.webhooks.title(),
    sidebar: { icon: 'webhooks', order: 5.7 },
  },
  {
    id: 'webhooks-create',
    path: patterns['webhooks-create'],
    screen: lazyScreen(() =>
      import('../features/webhooks/create-webhook-screen').then((m) => ({
        default: m.CreateWebhookScreen,
      })),
    ),
    anyOf: needs('webhooks', 'create'),
    label: (LL) => LL.webhooks.createTitle(),
    bottomMargin: true,
  },
  {
    id: 'webhooks-edit',
    path: patterns['webhooks-edit'],
    screen: lazyScreen(() =>
      import('../features/webhooks/edit-webhook-screen').then((m) => ({
        default: m.EditWebhookScreen,
      })),
    ),
    anyOf: needs('webhooks', 'update'),
    label: (LL) => LL.webhooks.editTitle(),
    bottomMargin: true,
  },
  {
    id: 'webhooks-view',
    path: patterns['webhooks-view'],
    screen: lazyScreen(() =>
      import('../features/webhooks/webhook-view-screen').then((m) => ({
        default: m.WebhookViewScreen,
      })),
    ),
    anyOf: needs('webhooks', 'read'),
    label: (LL) => LL.webhooks.viewTitle(),
  },
  {
    id: 'mail-queue',
    path: patterns['mail-queue'],
    screen: lazyScreen(() =>
      import('../features/mail-queue/mail-queue-screen').then((m) => ({
        default: m.MailQueueScreen,
      })),
    ),
    // Outbox rows belong to no organization: the server-wide settings' permission, everywhere.
    anyOf: ['organizations:update'],
    label: (LL) => LL.mailQueue.title(),
    sidebar: { icon: 'mail', order: 5.8 },
  },
  {
    id: 'audits',
    path: patterns.audits,
    screen: lazyScreen(() =>
      import('../features/audits/audits-screen').then((m) => ({ default: m.AuditsScreen })),
    ),
    anyOf: needs('devices:audits', 'read'),
    label: (LL) => LL.audits.menu(),
    heading: (LL) => ({ title: LL.audits.title(), intro: LL.audits.intro() }),
    sidebar: { icon: 'audits', order: 6 },
  },
  {
    id: 'journal',
    path: patterns.journal,
    screen: lazyScreen(() =>
      import('../features/journal/journal-screen').then((m) => ({ default: m.JournalScreen })),
    ),
    anyOf: needs('journal', 'read'),
    label: (LL) => LL.nav.journal(),
    sidebar: { icon: 'journal', order: 7 },
  },
]

export function routeById(id: string): AppRoute | undefined {
  return routes.find((route) => route.id === id)
}
