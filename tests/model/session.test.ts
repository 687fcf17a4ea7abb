import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { sampleUser, sessionAdapter } from './adapters/session'

// Behaviour the generated paths do not single out, checked on the fake host's effects. The
// machine's every state and transition is covered by tests/model/machines.test.ts.

function start() {
  const host = sessionAdapter.host()
  const actor = createActor(host.machine).start()
  const send = (event: Parameters<typeof actor.send>[0]) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

const passwordSignIn = {
  type: 'session.signIn',
  request: { kind: 'password', username: 'admin@demo.local', password: 'Demo-Password-1' },
} as const

describe('session machine', () => {
  it('keeps a logout during profile loading a logout', () => {
    const { actor, world, send } = start()
    send({ type: 'session.restore.found' })
    const profileRequest = world.pending?.controller
    send({ type: 'session.signOut' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(profileRequest?.signal.aborted).toBe(true)
    expect(world.storage).toBe('empty')
    expect(world.theme).toBe('guest')
    // A late answer of the cancelled profile request changes nothing.
    send({ type: 'session.profile.loaded', user: sampleUser })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it('ignores a second sign-in while one is running', () => {
    const { world, send } = start()
    send({ type: 'session.restore.empty' })
    send(passwordSignIn)
    const first = world.pending?.controller
    send(passwordSignIn)
    expect(world.authRequests).toBe(1)
    expect(first?.signal.aborted).toBe(false)
  })

  it('signs in: tokens stored, the profile loaded, the user’s theme applied', () => {
    const { actor, world, send } = start()
    send({ type: 'session.restore.empty' })
    expect(world.theme).toBe('guest')
    send(passwordSignIn)
    send({ type: 'session.signIn.succeeded' })
    send({ type: 'session.profile.loaded', user: sampleUser })
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true)
    expect(world.storage).toBe('stored')
    expect(world.theme).toBe(sampleUser.user_id)
  })

  it('keeps a throttled sign-in’s wait, and clears it on the next attempt', () => {
    const { actor, send } = start()
    send({ type: 'session.restore.empty' })
    send(passwordSignIn)
    send({ type: 'session.signIn.failed', error: 'throttled', retryAfter: 30 })
    expect(actor.getSnapshot().context).toMatchObject({ error: 'throttled', retryAfter: 30 })
    send(passwordSignIn)
    expect(actor.getSnapshot().context).toMatchObject({ error: null, retryAfter: null })
  })
})
