/**
 * How the production build groups modules into chunks (vite.config.ts). Left to itself the bundler
 * gives every distinct set of lazy importers its own chunk: a signed-in boot fetched ≈70 files of
 * 1–3 KB, six at a time over HTTP/1.1, each a round trip on a slow network. Instead:
 *   - the entry keeps what only it imports statically;
 *   - `boot`: what the entry shares with lazy chunks (React, the theme, the token store), and what
 *     every guest screen shares with the signed-in side (form fields, notices): every boot loads
 *     it, so it is one file and one style sheet instead of seven and four;
 *   - `shared`: what only some guest screens share with the signed-in side (the API client), which
 *     /login loads with the session machine. A cold signed-in boot asks for 10 files, not 17;
 *   - `session-machine`: the session machine and XState, loaded at a signed-in boot or a guest's first key;
 *   - `signed-in`: the signed-in shell and every module two or more signed-in screens share, except
 *   - `feature-<name>`: what two or more screens of one area share (its form, its dialogs), which
 *     only that area's screens load;
 *   - each screen keeps only its own modules, and a guest screen's own modules (features/auth) are
 *     never pulled into `signed-in`, so /login never loads it.
 * Lazy pieces inside the shell (German, the upload helper) keep their chunks; the palette is part of
 * the shell. The bundler's helpers (rolldown-runtime, 0.7 KB) stay a file of their own.
 */
interface ModuleInfoLike {
  importedIds: readonly string[]
  dynamicallyImportedIds: readonly string[]
  isEntry: boolean
}

export interface ChunkingContextLike {
  getModuleInfo(moduleId: string): ModuleInfoLike | null
}

const ROUTES = /\/src\/app\/routes\.ts$/
const SHELL = /\/src\/app\/layout\/signed-in\.tsx$/
const SESSION = /\/src\/session\/session-actor\.ts$/
const GUEST_SCREEN = /\/src\/features\/auth\//
const FEATURE = /\/src\/features\/([^/]+)\//

function closure(root: string, ctx: ChunkingContextLike): Set<string> {
  const seen = new Set<string>()
  const stack = [root]
  while (stack.length > 0) {
    const id = stack.pop() as string
    if (seen.has(id)) continue
    seen.add(id)
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next)
  }
  return seen
}

interface Plan {
  entry: Set<string>
  session: Set<string>
  guest: Set<string>
  everyGuest: Set<string>
  screens: Set<string>
  shell: Set<string>
  screenCount: Map<string, number>
}

function findModule(ids: Iterable<string>, pattern: RegExp) {
  for (const id of ids) if (pattern.test(id)) return id
  return null
}

let knownIds: readonly string[] = []
let cached: Plan | null = null

/** Every module id of the build, recorded at the end of the module phase before chunking starts. */
export function recordModuleIds(ids: readonly string[]) {
  knownIds = ids
  cached = null
}

function makePlan(ctx: ChunkingContextLike): Plan | null {
  const entryId = knownIds.find((id) => ctx.getModuleInfo(id)?.isEntry)
  const routesId = findModule(knownIds, ROUTES)
  const shellId = findModule(knownIds, SHELL)
  const sessionId = findModule(knownIds, SESSION)
  if (!entryId || !routesId || !shellId || !sessionId) return null
  const entry = closure(entryId, ctx)
  const screens = ctx.getModuleInfo(routesId)?.dynamicallyImportedIds ?? []
  const guests: Set<string>[] = []
  const screenCount = new Map<string, number>()
  for (const screen of screens) {
    const reached = closure(screen, ctx)
    if (GUEST_SCREEN.test(screen)) {
      guests.push(reached)
      continue
    }
    for (const id of reached) screenCount.set(id, (screenCount.get(id) ?? 0) + 1)
  }
  const guest = new Set(guests.flatMap((reached) => [...reached]))
  const everyGuest = new Set([...guest].filter((id) => guests.every((reached) => reached.has(id))))
  return {
    entry,
    session: closure(sessionId, ctx),
    guest,
    everyGuest,
    screens: new Set(screens),
    shell: closure(shellId, ctx),
    screenCount,
  }
}

/** The group name for `moduleId`, or null to leave it to the bundler's own splitting. */
export function chunkGroup(moduleId: string, ctx: ChunkingContextLike): string | null {
  cached ??= makePlan(ctx)
  const plan = cached
  if (plan === null) return null
  const signedIn =
    plan.session.has(moduleId) || plan.shell.has(moduleId) || plan.screenCount.has(moduleId)
  if (plan.entry.has(moduleId)) return signedIn || plan.guest.has(moduleId) ? 'boot' : null
  if (plan.guest.has(moduleId)) {
    if (!signedIn) return null
    return plan.everyGuest.has(moduleId) ? 'boot' : 'shared'
  }
  if (plan.session.has(moduleId)) return 'session-machine'
  if (plan.shell.has(moduleId)) return 'signed-in'
  if ((plan.screenCount.get(moduleId) ?? 0) < 2) return null
  const feature = FEATURE.exec(moduleId)?.[1]
  return feature === undefined ? 'signed-in' : `feature-${feature}`
}

/** The groups that every signed-in boot loads and runs (and /login, for the entry and `boot`). */
const BOOT_GROUPS = new Set(['boot', 'shared', 'session-machine', 'signed-in'])

/**
 * Whether most of a chunk's functions run as soon as it loads: the entry, the boot's groups and each
 * route's screen. The build marks them for V8 to compile every function at once, off the main
 * thread while the file streams in, instead of one by one on the main thread at its first call
 * (`//# allFunctionsCalledOnLoad`, Chromium 136+).
 */
export function runsOnLoad(
  chunk: { name: string; isEntry: boolean; facadeModuleId: string | null },
  ctx: ChunkingContextLike,
): boolean {
  if (chunk.isEntry || BOOT_GROUPS.has(chunk.name)) return true
  cached ??= makePlan(ctx)
  return chunk.facadeModuleId !== null && cached?.screens.has(chunk.facadeModuleId) === true
}
