/**
 * The users API (api/users.ts, which lives in the signed-in chunk), imported once: every caller
 * shares one promise. A second `import()` of a chunk that has already run still waits for the
 * browser's module loader to walk the chunk's graph again, one task per step behind whatever the
 * boot has queued; at a signed-in boot the profile waited 7–66 ms for that after the chunk had run.
 * A failed import is forgotten, so the next call tries again.
 */
let loading: Promise<typeof import('./users')> | null = null

export function loadUsersApi(): Promise<typeof import('./users')> {
  loading ??= import('./users').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
