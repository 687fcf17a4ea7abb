import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The lint that `npm test` runs carries the one-way rule (eslint.config.js ranks the layers); these
// cases prove it fires (and stays quiet on the imports the shape allows) without waiting for somebody to write a bad import. The
// zones judge the file an import resolves to, so every imported path here names a real file.

const eslint = new ESLint({ cwd: process.cwd() })

const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports'])

async function messages(filePath: string, source: string, rules: Set<string>): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && rules.has(message.ruleId))
    .map((message) => message.message)
}

const restricted = (filePath: string, source: string) => messages(filePath, source, BOUNDARY_RULES)

describe('import boundaries', () => {
  // The first lint loads the config, its plugins and the parser: on a busy 2-core machine that
  // alone can take longer than one test may. (Cycles: cycles.test.ts.)
  beforeAll(
    () => restricted('src/features/users/x.ts', "import { routes } from '../../app/routes'"),
    180_000,
  )

  it.each([
    // features ↛ app, ↛ another feature (a sibling, a deep relative, a re-export, a dynamic import)
    ['src/features/users/x.ts', "import { routes } from '../../app/routes'"],
    ['src/features/users/x.ts', "const routes = () => import('../../app/routes')"],
    [
      'src/features/users/x.ts',
      "import { OrganizationForm } from '../organizations/organization-form'",
    ],
    ['src/features/devices/x.ts', "import { userNames } from '../../features/users/user-names'"],
    ['src/features/devices/x.ts', "export { userNames } from '../users/user-names'"],
    ['src/features/devices/x.ts', "const names = () => import('../users/user-names')"],
    // actions (the host) ↛ features, app; the palette below it runs it through `perform` only
    ['src/actions/x.ts', "import { userNames } from '../features/users/user-names'"],
    ['src/actions/x.ts', "import { routes } from '../app/routes'"],
    ['src/commands/x.ts', "import { usePerform } from '../actions/action-host'"],
    // journal (the History section) ↛ features, app; nothing below it imports it
    ['src/journal/x.ts', "import { userNames } from '../features/users/user-names'"],
    ['src/journal/x.ts', "import { routes } from '../app/routes'"],
    ['src/commands/x.ts', "import { JournalHistory } from '../journal/journal-history'"],
    ['src/ui/x.ts', "import { targetText } from '../journal/journal-words'"],
    // lockdown (banner, dialogs) ↛ features, app; the palette and primitives below it do not import it
    ['src/lockdown/x.ts', "import { userNames } from '../features/users/user-names'"],
    ['src/lockdown/x.ts', "import { routes } from '../app/routes'"],
    ['src/commands/x.ts', "import { useLockdown } from '../lockdown/use-lockdown'"],
    // door-modes (the mode panel, its actions) ↛ features, app, lockdown; the layers below do not import it
    ['src/door-modes/x.ts', "import { deviceActions } from '../features/devices/device-actions'"],
    ['src/door-modes/x.ts', "import { routes } from '../app/routes'"],
    ['src/door-modes/x.ts', "import { LockdownStart } from '../lockdown/lockdown-start'"],
    ['src/actions/x.ts', "import { DoorModePanel } from '../door-modes/door-mode-panel'"],
    ['src/ui/x.ts', "import { layerWords } from '../door-modes/layer-words'"],
    // csv-import (the import dialog) ↛ features, app; the palette and api below it do not import it
    ['src/csv-import/x.ts', "import { UserImport } from '../features/users/user-import'"],
    ['src/csv-import/x.ts', "import { routes } from '../app/routes'"],
    ['src/api/x.ts', "import type { ImportKind } from '../csv-import/import-kind'"],
    ['src/ui/x.ts', "import { ImportDialog } from '../csv-import/import-dialog'"],
    // commands, api, session ↛ features, app
    ['src/commands/x.ts', "import { routes } from '../app/routes'"],
    ['src/api/x.ts', "import type { UserNames } from '../features/users/user-names'"],
    ['src/session/x.ts', "const app = () => import('../app/app')"],
    // the palette and the session do not import each other; the client ↛ either, ui, machines
    ['src/commands/x.ts', "import { useSession } from '../session/session-context'"],
    ['src/session/x.ts', "import type { Command } from '../commands/command'"],
    ['src/api/x.ts', "import type { Command } from '../commands/command'"],
    ['src/api/x.ts', "import { Button } from '../ui/button'"],
    ['src/api/x.ts', "import type { DeviceCommandName } from '../../machines/action.machine'"],
    // the sections the pages show do not import one another
    ['src/journal/x.ts', "import { useLockdown } from '../lockdown/use-lockdown'"],
    ['src/lockdown/x.ts', "import { layerWords } from '../door-modes/layer-words'"],
    // ui ↛ features, app, commands, api, session, machines
    ['src/ui/x.ts', "import { AuditsScreen } from '../features/audits/audits-screen'"],
    ['src/ui/x.ts', "import { routes } from '../app/routes'"],
    ['src/ui/x.ts', "import type { Command } from '../commands/command'"],
    ['src/ui/x.ts', "import type { DetailOptions } from '../api/queries'"],
    ['src/ui/data-table/x.ts', "import { getAccessToken } from '../../api/tokens'"],
    ['src/ui/x.ts', "import { useSession } from '../session/session-context'"],
    ['src/ui/x.ts', "import { BulkCommands } from '../actions/bulk-commands'"],
    ['src/ui/x.ts', "import type { DeviceCommandName } from '../../machines/action.machine'"],
    // lib ↛ features, app, commands, api, session, ui, machines
    ['src/lib/x.ts', "import { App } from '../app/app'"],
    ['src/lib/x.ts', "export { userNames } from '../features/users/user-names'"],
    ['src/lib/x.ts', "import type { Command } from '../commands/command'"],
    ['src/lib/x.ts', "const client = () => import('../api/client')"],
    ['src/lib/x.ts', "import type { SessionContext } from '../session/session-context'"],
    ['src/lib/x.ts', "import { Button } from '../ui/button'"],
    ['src/lib/x.ts', "import type { Receipt } from '../actions/command-receipts'"],
    ['src/lib/x.ts', "import type { CommandFailure } from '../../machines/action.machine'"],
    // contract ↛ the rest of src/, machines, server, any package but superstruct in struct.ts
    ['src/contract/x.ts', "import { breadcrumb } from '../lib/breadcrumb'"],
    ['src/contract/x.ts', "const client = () => import('../api/client')"],
    ['src/contract/x.ts', "import type { DeviceCommandName } from '../../machines/action.machine'"],
    ['src/contract/x.ts', "import { config } from '../../server/config'"],
    ['src/contract/x.ts', "import { object } from 'superstruct'"],
    ['src/contract/x.ts', "import { useState } from 'react'"],
    ['src/contract/struct.ts', "import { breadcrumb } from '../lib/breadcrumb'"],
    ['src/contract/struct.ts', "import { useState } from 'react'"],
    // machines ↛ src, server
    ['machines/x.machine.ts', "import { can } from '../src/contract/permissions'"],
    ['machines/x.machine.ts', "import type { Config } from '../server/config'"],
    // server ↛ src but the contract
    ['server/routes/x.ts', "import { breadcrumb } from '../../src/lib/breadcrumb'"],
    ['server/routes/x.ts', "const client = () => import('../../src/api/client')"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toHaveLength(1)
  })

  it.each([
    ['src/features/users/x.ts', "import { useSession } from '../../session/session-context'"],
    ['src/features/users/x.ts', "import { pathTo } from '../../contract/pages'"],
    ['src/features/users/x.ts', "import { UserForm } from './user-form'"],
    ['src/features/users/x.ts', "import { userNames } from '../../features/users/user-names'"],
    ['src/features/users/x.ts', "const names = () => import('./user-names')"],
    ['src/actions/x.ts', "import { sendDeviceCommand } from '../api/devices'"],
    ['src/actions/x.ts', "import { useSession } from '../session/session-context'"],
    ['src/actions/x.ts', "import { Button } from '../ui/button'"],
    ['src/actions/x.ts', "import type { DeviceCommandName } from '../../machines/action.machine'"],
    ['src/journal/x.ts', "import { useScreenCommands } from '../commands/screen-commands'"],
    ['src/features/users/x.ts', "import { JournalHistory } from '../../journal/journal-history'"],
    ['src/app/x.ts', "import { UsersScreen } from '../features/users/users-screen'"],
    [
      'src/features/devices/x.ts',
      "import { DoorModePanel } from '../../door-modes/door-mode-panel'",
    ],
    ['src/door-modes/x.ts', "import { usePerform } from '../actions/action-host'"],
    ['src/ui/x.ts', "import { breadcrumb } from '../lib/breadcrumb'"],
    ['src/session/x.ts', "import { Button } from '../ui/button'"],
    ['src/commands/x.ts', "import { sendDeviceCommand } from '../api/devices'"],
    ['src/lib/x.ts', "import type { Can } from '../contract/permissions'"],
    ['server/routes/x.ts', "import { Id } from '../../src/contract/fields'"],
    ['src/contract/x.ts', "import { object } from './struct'"],
    ['src/contract/x.test.ts', "import { describe } from 'vitest'"],
    ['src/contract/struct.ts', "import * as s from 'superstruct'"],
    ['machines/x.machine.ts', "import { setup } from 'xstate'"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})
