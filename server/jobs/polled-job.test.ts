import { describe, expect, it } from 'vitest'
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
    await sleep(60)
    await job.stop()
    const whileRunning = job.rounds
    expect(whileRunning).toBeGreaterThanOrEqual(2)

    await sleep(60)
    job.wake()
    await sleep(20)
    expect(job.rounds).toBe(whileRunning)

    job.start()
    await sleep(60)
    await job.stop()
    expect(job.rounds).toBeGreaterThanOrEqual(whileRunning + 2)
  })
})
