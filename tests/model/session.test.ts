import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { afterAll, describe, expect, it } from 'vitest'
import { sessionMachine, type SessionEvent } from '../../machines/session.machine'
import {
  emptyCoverage,
  formatCoverage,
  recordState,
  recordStep,
  sampleEvents,
  sampleUser,
  transitionPaths,
  type SessionSnapshot,
} from './session-model'

// The system under test: the machine with recording implementations of its I/O actions, the way
// the app provides them. Each model state checks what the app must have been asked to do.
function createSut() {
  const calls: string[] = []
  const machine = sessionMachine.provide({
    actions: {
      readStoredSession: () => void calls.push('readStoredSession'),
      authenticate: (_, { request }) => void calls.push(`authenticate:${request.kind}`),
      loadProfile: () => void calls.push('loadProfile'),
      cancelPending: () => void calls.push('cancelPending'),
      applyUserTheme: (_, { userId }) => void calls.push(`applyUserTheme:${userId}`),
      applyGuestTheme: () => void calls.push('applyGuestTheme'),
      forgetSession: () => void calls.push('forgetSession'),
    },
  })
  const actor = createActor(machine).start()
  return { actor, calls }
}

const model = createTestModel(sessionMachine, { events: sampleEvents })
const paths = model.getShortestPaths()
const coverage = emptyCoverage()
let checksRun = 0

afterAll(() => {
  console.log(formatCoverage('session machine (model paths)', coverage))
})

type Sut = ReturnType<typeof createSut>

const stateChecks: Record<string, (sut: Sut, snapshot: SessionSnapshot) => void> = {
  restoring: ({ calls }) => expect(calls).toContain('readStoredSession'),
  signedOut: ({ actor, calls }) => {
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(calls.at(-1)).toBe('applyGuestTheme')
  },
  signingIn: ({ calls }) => expect(calls.at(-1)).toMatch(/^authenticate:/),
  loadingProfile: ({ actor, calls }) => {
    expect(calls.at(-1)).toBe('loadProfile')
    expect(actor.getSnapshot().context.error).toBeNull()
  },
  profileFailed: ({ actor }) => expect(actor.getSnapshot().context.error).toBe('profile'),
  'signedIn.refreshing': ({ actor }) => expect(actor.getSnapshot().context.user).not.toBeNull(),
  signedIn: ({ actor, calls }) => {
    const { user, error } = actor.getSnapshot().context
    expect(user).toEqual(sampleUser)
    expect(error).toBeNull()
    expect(calls).toContain(`applyUserTheme:${sampleUser.user_id}`)
  },
}

describe('session machine, model-based', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(5)
  })

  for (const path of paths) {
    it(path.description, async () => {
      const sut = createSut()
      let before = sut.actor.getSnapshot()
      recordState(coverage, before)
      await path.test({
        states: Object.fromEntries(
          Object.entries(stateChecks).map(([key, check]) => [
            key,
            (snapshot: SessionSnapshot) => {
              // The SUT must be in exactly the model's state.
              expect(sut.actor.getSnapshot().value).toEqual(snapshot.value)
              check(sut, snapshot)
              checksRun += 1
            },
          ]),
        ),
        events: Object.fromEntries(
          sampleEvents.map((event) => [
            event.type,
            ({ event: stepEvent }: { event: SessionEvent }) => {
              sut.actor.send(stepEvent)
              const after = sut.actor.getSnapshot()
              recordStep(coverage, before, stepEvent, after)
              before = after
            },
          ]),
        ),
      })
    })
  }

  it('reaches every state and every transition', () => {
    const text = formatCoverage('session machine', coverage)
    // Every path ends in a checked state, so at least one check per path ran.
    expect(checksRun).toBeGreaterThanOrEqual(paths.length)
    expect(coverage.states.covered.size, text).toBe(coverage.states.all.length)
    expect(coverage.transitions.covered.size, text).toBe(coverage.transitions.all.length)
  })

  it('has one shortest event sequence per transition, each taking that transition last', () => {
    const paths = transitionPaths()
    expect(paths.map((path) => path.edge).sort()).toEqual(
      emptyCoverage()
        .transitions.all.map((edge) => edge.id)
        .sort(),
    )
    for (const { edge, events } of paths) {
      const { actor } = createSut()
      const fresh = emptyCoverage()
      let before = actor.getSnapshot()
      for (const event of events) {
        actor.send(event)
        const after = actor.getSnapshot()
        fresh.transitions.covered.clear()
        recordStep(fresh, before, event, after)
        before = after
      }
      expect([...fresh.transitions.covered], edge).toEqual([edge])
    }
  })

  it('keeps a logout during sign-in or profile loading a logout', () => {
    const { actor, calls } = createSut()
    actor.send({ type: 'session.restore.found' })
    actor.send({ type: 'session.signOut' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual([
      'readStoredSession',
      'loadProfile',
      'cancelPending',
      'forgetSession',
      'applyGuestTheme',
    ])
    // A late answer of the cancelled profile request changes nothing.
    actor.send({ type: 'session.profile.loaded', user: sampleUser })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it('ignores a second sign-in while one is running', () => {
    const { actor, calls } = createSut()
    actor.send({ type: 'session.restore.empty' })
    const signIn = sampleEvents.find((event) => event.type === 'session.signIn')
    if (!signIn) throw new Error('sample events lack a sign-in')
    actor.send(signIn)
    actor.send(signIn)
    expect(calls.filter((call) => call.startsWith('authenticate:'))).toHaveLength(1)
  })
})
