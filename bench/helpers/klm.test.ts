import { describe, expect, it } from 'vitest'
import { chordKeys, judge, klmTable, noOperators, seconds, Tally, type Operators } from './klm'

const ops = (some: Partial<Operators>): Operators => ({ ...noOperators(), ...some })

describe('chordKeys', () => {
  it('counts every key of a chord', () => {
    expect(chordKeys('Enter')).toBe(1)
    expect(chordKeys('ControlOrMeta+k')).toBe(2)
    expect(chordKeys('Control+Shift+Tab')).toBe(3)
    expect(chordKeys('+')).toBe(1)
    expect(chordKeys('Shift++')).toBe(2)
  })
})

describe('seconds', () => {
  it('prices K 0.28, a click 1.3, H 0.4 and a scroll 1.1', () => {
    expect(seconds(ops({ keys: 2, chars: 3 }))).toBeCloseTo(1.4)
    expect(seconds(ops({ clicks: 2 }))).toBeCloseTo(2.6)
    expect(seconds(ops({ handMoves: 2, scrolls: 1 }))).toBeCloseTo(1.9)
  })
})

describe('Tally', () => {
  it('keeps a keyboard run on the keys: no hand moves', () => {
    const tally = new Tally('keyboard')
    tally.press('ControlOrMeta+k')
    tally.type('unl rec')
    tally.press('Enter')
    expect(tally.counts).toEqual(ops({ keys: 3, chars: 7 }))
  })

  it('counts a move each time a mouse run changes hands, not for a held modifier', () => {
    const tally = new Tally('mouse')
    tally.click()
    tally.type('ada')
    tally.press('Control+a')
    tally.click()
    tally.click(['Shift'])
    tally.scroll()
    tally.type('b')
    expect(tally.counts).toEqual(ops({ keys: 3, chars: 4, clicks: 3, handMoves: 3, scrolls: 1 }))
  })
})

describe('judge', () => {
  const run = (task: string, keyboard: Partial<Operators>, mouse: Partial<Operators>) => ({
    task,
    keyboard: ops(keyboard),
    mouse: ops(mouse),
  })

  it('passes a task whose keyboard is no slower, and the sum at 0.6 of the mouse', () => {
    // 5 K = 1.4 s against 1 click + 1 scroll = 2.4 s; 0.58 of it.
    const judged = judge([run('a', { keys: 5 }, { clicks: 1, scrolls: 1 })])
    expect(judged.tasks[0]?.pass).toBe(true)
    expect(judged.ratio).toBeCloseTo(1.4 / 2.4)
    expect(judged.sumPass).toBe(true)
    expect(judged.pass).toBe(true)
  })

  it('fails the sum over 0.6 though every task passes, and a task slower than its mouse', () => {
    const even = judge([run('a', { keys: 5 }, { keys: 5 })])
    expect(even.tasks[0]?.pass).toBe(true)
    expect(even.sumPass).toBe(false)
    const slower = judge([run('a', { chars: 5 }, { clicks: 1 }), run('b', {}, { clicks: 9 })])
    expect(slower.tasks.map((task) => task.pass)).toEqual([false, true])
    expect(slower.sumPass).toBe(true)
    expect(slower.pass).toBe(false)
  })
})

describe('klmTable', () => {
  const run = (task: string, keys: number, clicks: number) => ({
    task,
    keyboard: ops({ keys }),
    mouse: ops({ clicks }),
  })

  it('prints a line a task and the sum, with each verdict', () => {
    const lines = klmTable(judge([run('unlock', 10, 1), run('peek', 9, 2)]))
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^task\s+kbd keys\s+kbd chars\s+kbd s\s+clicks/)
    expect(lines[1]).toMatch(/^unlock\s+10\s+0\s+2\.80\s+1\s.*\s1\.30\s+2\.15\s+FAIL$/)
    expect(lines[2]).toMatch(/^peek\s+9\s+0\s+2\.52\s+2\s.*\s2\.60\s+0\.97\s+PASS$/)
    expect(lines[3]).toMatch(/^sum\s+19\s+0\s+5\.32\s+3\s.*\s3\.90\s+1\.36\s+FAIL \(≤ 0\.6\)$/)
  })
})
