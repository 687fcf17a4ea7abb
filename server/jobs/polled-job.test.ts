import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger'
import { PolledJob } from './polled-job'

/** Counts its rounds; polls every 10 ms. */
class CountingJob extends PolledJob {
  rounds = 0
  constructor() {
    super(createLogger('error'), 10, 'counting job')
  }
  protected round() {
    this.rounds += 1
    return Promise.resolve()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PolledJob', () => {
  it('polls after start, not after stop, and again after a second start', async () => {
    const job = new CountingJob()
    job.start()
    await vi.waitFor(() => expect(job.rounds).toBeGreaterThanOrEqual(2), { timeout: 5000 })
    await job.stop()
    const stopped = job.rounds

    job.wake()
    await sleep(60)
    expect(job.rounds).toBe(stopped)

    job.start()
    await vi.waitFor(() => expect(job.rounds).toBeGreaterThanOrEqual(stopped + 2), {
      timeout: 5000,
    })
    await job.stop()
  })
})
