import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The lint that `npm test` runs carries the one-way rule; these cases prove it fires (and stays
// quiet on the imports the shape allows) without waiting for somebody to write a bad import.

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: tseslint.configs.disableTypeChecked,
})

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('import boundaries', () => {
  it.each([
    ['src/features/users/x.ts', "import { routes } from '../../app/routes'"],
    ['src/features/users/x.ts', "import { OrganizationForm } from '../organizations/form'"],
    ['src/ui/x.ts', "import { AuditsScreen } from '../features/audits/audits-screen'"],
    ['src/lib/x.ts', "import { App } from '../app/app'"],
    ['src/commands/x.ts', "import { routes } from '../app/routes'"],
    ['src/contract/x.ts', "import { breadcrumb } from '../lib/breadcrumb'"],
    ['src/contract/x.ts', "import { object } from 'superstruct'"],
    ['src/contract/struct.ts', "import { breadcrumb } from '../lib/breadcrumb'"],
    ['machines/x.machine.ts', "import { can } from '../src/contract/permissions'"],
    ['server/routes/x.ts', "import { breadcrumb } from '../../src/lib/breadcrumb'"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toHaveLength(1)
  })

  it.each([
    ['src/features/users/x.ts', "import { useSession } from '../../session/session-context'"],
    ['src/features/users/x.ts', "import { pathTo } from '../../contract/pages'"],
    ['src/features/users/x.ts', "import { UserForm } from './user-form'"],
    ['src/app/x.ts', "import { UsersScreen } from '../features/users/users-screen'"],
    ['server/routes/x.ts', "import { Id } from '../../src/contract/fields'"],
    ['src/contract/x.ts', "import { object } from './struct'"],
    ['src/contract/struct.ts', "import * as s from 'superstruct'"],
    ['machines/x.machine.ts', "import { setup } from 'xstate'"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})
