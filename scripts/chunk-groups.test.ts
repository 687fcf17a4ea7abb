import { describe, expect, it } from 'vitest'
import { chunkGroup, recordModuleIds, runsOnLoad, type ChunkingContextLike } from './chunk-groups'

// A small console: an entry, the route table with two guest screens and three signed-in ones, the
// shell and the session actor.
const graph: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }> = {
  '/p/index.html': { imports: ['/p/src/main.tsx'], entry: true },
  '/p/src/main.tsx': {
    imports: ['/p/node_modules/react/index.js', '/p/src/api/tokens.ts', '/p/src/app/routes.ts'],
    lazy: ['/p/src/session/session-actor.ts', '/p/src/app/layout/signed-in.tsx'],
  },
  '/p/src/app/routes.ts': {
    lazy: [
      '/p/src/features/auth/login-screen.tsx',
      '/p/src/features/auth/password-reset-screen.tsx',
      '/p/src/features/users/users-screen.tsx',
      '/p/src/features/users/user-view-screen.tsx',
      '/p/src/features/audits/audits-screen.tsx',
    ],
  },
  '/p/node_modules/react/index.js': {},
  '/p/src/api/tokens.ts': {},
  '/p/src/session/session-actor.ts': {
    imports: ['/p/node_modules/xstate/index.js', '/p/src/api/client.ts'],
  },
  '/p/node_modules/xstate/index.js': {},
  '/p/src/api/client.ts': { imports: ['/p/src/api/tokens.ts'] },
  '/p/src/app/layout/signed-in.tsx': {
    imports: ['/p/node_modules/react/index.js', '/p/src/ui/field.tsx', '/p/src/api/client.ts'],
  },
  '/p/src/ui/field.tsx': { imports: ['/p/node_modules/react/index.js'] },
  '/p/src/features/auth/login-screen.tsx': { imports: ['/p/src/ui/field.tsx'] },
  '/p/src/features/auth/password-reset-screen.tsx': {
    imports: ['/p/src/ui/field.tsx', '/p/src/api/client.ts', '/p/src/features/auth/strength.ts'],
  },
  '/p/src/features/auth/strength.ts': {},
  '/p/src/features/users/users-screen.tsx': { imports: ['/p/src/features/users/user-form.tsx'] },
  '/p/src/features/users/user-view-screen.tsx': {
    imports: ['/p/src/features/users/user-form.tsx', '/p/src/ui/chart.tsx'],
  },
  '/p/src/features/users/user-form.tsx': {},
  '/p/src/features/audits/audits-screen.tsx': { imports: ['/p/src/ui/chart.tsx'] },
  '/p/src/ui/chart.tsx': {},
}

const ctx: ChunkingContextLike = {
  getModuleInfo: (id) => {
    const module = graph[id]
    if (!module) return null
    return {
      importedIds: module.imports ?? [],
      dynamicallyImportedIds: module.lazy ?? [],
      isEntry: module.entry ?? false,
    }
  },
}

const groupOf = (id: string) => chunkGroup(`/p/${id}`, ctx)

describe('chunkGroup', () => {
  recordModuleIds(Object.keys(graph))

  it('puts what the entry shares with lazy chunks in boot, and leaves its own to the entry', () => {
    expect(groupOf('node_modules/react/index.js')).toBe('boot')
    expect(groupOf('src/api/tokens.ts')).toBe('boot')
    expect(groupOf('src/main.tsx')).toBeNull()
  })

  it('puts what every guest screen shares with the signed-in side in boot', () => {
    expect(groupOf('src/ui/field.tsx')).toBe('boot')
  })

  it('puts what only some guest screens share with the signed-in side in shared', () => {
    expect(groupOf('src/api/client.ts')).toBe('shared')
  })

  it('leaves a guest screen its own modules', () => {
    expect(groupOf('src/features/auth/strength.ts')).toBeNull()
    expect(groupOf('src/features/auth/login-screen.tsx')).toBeNull()
  })

  it('groups the session machine, the shell, an area and what screens of two areas share', () => {
    expect(groupOf('node_modules/xstate/index.js')).toBe('session-machine')
    expect(groupOf('src/app/layout/signed-in.tsx')).toBe('signed-in')
    expect(groupOf('src/features/users/user-form.tsx')).toBe('feature-users')
    expect(groupOf('src/ui/chart.tsx')).toBe('signed-in')
    expect(groupOf('src/features/audits/audits-screen.tsx')).toBeNull()
  })
})

describe('runsOnLoad', () => {
  recordModuleIds(Object.keys(graph))
  const marked = (name: string, facadeModuleId: string | null = null, isEntry = false) =>
    runsOnLoad({ name, isEntry, facadeModuleId }, ctx)

  it('marks the entry, the boot groups and every screen', () => {
    expect(marked('index', '/p/index.html', true)).toBe(true)
    for (const name of ['boot', 'shared', 'session-machine', 'signed-in']) {
      expect(marked(name)).toBe(true)
    }
    expect(marked('audits-screen', '/p/src/features/audits/audits-screen.tsx')).toBe(true)
    expect(marked('login-screen', '/p/src/features/auth/login-screen.tsx')).toBe(true)
  })

  it('leaves an area chunk and a lazy piece to be compiled as they are called', () => {
    expect(marked('feature-users')).toBe(false)
    expect(marked('de', '/p/i18n/de/index.ts')).toBe(false)
  })
})
