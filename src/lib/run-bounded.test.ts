import { describe, expect, it } from 'vitest'
import { runBounded } from './run-bounded'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('runBounded', () => {
  it('never runs more than the limit at once, and runs every item', async () => {
    let running = 0
    let peak = 0
    const seen: number[] = []
    await runBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1
      peak = Math.max(peak, running)
      await tick()
      seen.push(n)
      running -= 1
    })
    expect(peak).toBe(3)
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('records a failure and carries on, reporting outcomes in the items’ order', async () => {
    const heard: string[] = []
    const outcomes = await runBounded(
      ['a', 'bad', 'c'],
      2,
      async (item) => {
        await tick()
        if (item === 'bad') throw new Error('refused')
      },
      (outcome) => heard.push(outcome.item),
    )
    expect(outcomes.map((o) => [o.item, o.ok])).toEqual([
      ['a', true],
      ['bad', false],
      ['c', true],
    ])
    const failed = outcomes[1]
    expect(failed && !failed.ok ? (failed.error as Error).message : null).toBe('refused')
    expect(heard.sort()).toEqual(['a', 'bad', 'c'])
  })

  it('answers an empty list at once', async () => {
    expect(await runBounded([], 4, () => Promise.reject(new Error('never')))).toEqual([])
  })
})
