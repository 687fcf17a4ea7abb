import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_PHYSICAL_HEIGHT, scrollScale } from './scroll-scale'

describe('scrollScale', () => {
  it('is the identity while the list fits the browser limit', () => {
    const scale = scrollScale(36_000, 600)
    expect(scale.physicalHeight).toBe(36_000)
    expect(scale.toVirtual(1234)).toBe(1234)
    expect(scale.toPhysical(1234)).toBe(1234)
  })

  it('caps the physical height and maps the ends onto the ends', () => {
    const virtualHeight = 1_000_000 * 36
    const scale = scrollScale(virtualHeight, 600)
    expect(scale.physicalHeight).toBe(MAX_PHYSICAL_HEIGHT)
    expect(scale.toVirtual(0)).toBe(0)
    expect(scale.toVirtual(MAX_PHYSICAL_HEIGHT - 600)).toBeCloseTo(virtualHeight - 600, 6)
    expect(scale.toPhysical(virtualHeight - 600)).toBeCloseTo(MAX_PHYSICAL_HEIGHT - 600, 6)
  })

  it('clamps offsets outside the scrollable range', () => {
    const scale = scrollScale(36_000_000, 600)
    expect(scale.toVirtual(-50)).toBe(0)
    expect(scale.toPhysical(99_000_000)).toBe(MAX_PHYSICAL_HEIGHT - 600)
  })

  it('round-trips and keeps order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rows, viewport, a, b) => {
          const virtualHeight = rows * 36
          const scale = scrollScale(virtualHeight, viewport)
          const range = Math.max(0, virtualHeight - viewport)
          const [low, high] = a <= b ? [a * range, b * range] : [b * range, a * range]
          expect(scale.toVirtual(scale.toPhysical(low))).toBeCloseTo(low, 3)
          expect(scale.toPhysical(low)).toBeLessThanOrEqual(scale.toPhysical(high))
          expect(scale.physicalHeight).toBeLessThanOrEqual(MAX_PHYSICAL_HEIGHT)
        },
      ),
    )
  })
})
