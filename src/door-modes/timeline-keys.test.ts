import { describe, expect, it } from 'vitest'
import { positionOf, timelineMove } from './timeline-keys'

describe("the timeline's keys", () => {
  it('moves by one change with the arrows, and stops at the ends', () => {
    expect(timelineMove('ArrowRight', 0, 3)).toBe(1)
    expect(timelineMove('ArrowRight', 2, 3)).toBe(2)
    expect(timelineMove('ArrowLeft', 1, 3)).toBe(0)
    expect(timelineMove('ArrowLeft', 0, 3)).toBe(0)
  })

  it('jumps to the first and last change with Home and End', () => {
    expect(timelineMove('Home', 2, 3)).toBe(0)
    expect(timelineMove('End', 0, 3)).toBe(2)
  })

  it('leaves other keys, and a week without changes, alone', () => {
    expect(timelineMove('Tab', 0, 3)).toBeNull()
    expect(timelineMove('ArrowDown', 0, 3)).toBeNull()
    expect(timelineMove('ArrowRight', 0, 0)).toBeNull()
  })

  it('places a change along the week by its instant', () => {
    const week = 7 * 86_400_000
    expect(positionOf('2026-12-02T12:00:00Z', '2026-12-02T12:00:00Z', week)).toBe(0)
    expect(positionOf('2026-12-06T00:00:00Z', '2026-12-02T12:00:00Z', week)).toBe(50)
    expect(positionOf('2026-12-20T00:00:00Z', '2026-12-02T12:00:00Z', week)).toBe(100)
  })
})
