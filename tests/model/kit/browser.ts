import type { Page } from '@playwright/test'
import type { AnyStateMachine, InputFrom } from 'xstate'
import type { EventOf, SnapshotOf } from './adapter'

export type BrowserStep<M extends AnyStateMachine> = {
  event: EventOf<M>
  /** The path's next event, for a step that must set up what follows (a wrong password). */
  next: EventOf<M> | undefined
  before: SnapshotOf<M>
}

/**
 * The on-screen half of an adapter (tests/model/adapters/<machine>.browser.ts), replayed by
 * tests/e2e/model-replay.spec.ts in Chromium against the real server. Only events whose cause in
 * the model adapter is on screen reach `perform`.
 */
export type BrowserAdapter<M extends AnyStateMachine> = {
  name: string
  /** Before a path runs: the page and the routes that make the server answer as the path needs. */
  prepare?(page: Page, events: readonly EventOf<M>[], input: InputFrom<M>): Promise<void>
  /** Causes the step's event: a user action, or the server condition behind it. */
  perform(page: Page, step: BrowserStep<M>): Promise<void>
  /** Checks the page shows the machine's state after the step. */
  expectState(page: Page, snapshot: SnapshotOf<M>): Promise<void>
  /** After a path, passed or failed: removes what prepare created on the shared server. */
  cleanup?(page: Page): Promise<void>
}

// The browser registry mixes machines; each adapter is checked against its own where declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBrowserAdapter = BrowserAdapter<any>
