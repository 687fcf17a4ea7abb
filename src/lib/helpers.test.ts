import { describe, expect, it } from 'vitest'
import { avatarColor, avatarPalette, initials } from './avatar'
import { greetingFor } from './greeting'
import { relativeTime } from './relative-time'
import { scoreLevel } from './score-level'

describe('greetingFor', () => {
  it('follows the greeting hour boundaries', () => {
    const table: [number, string][] = [
      [0, 'good_night'],
      [4, 'good_night'],
      [5, 'good_morning'],
      [11, 'good_morning'],
      [12, 'good_afternoon'],
      [16, 'good_afternoon'],
      [17, 'good_evening'],
      [20, 'good_evening'],
      [21, 'good_night'],
      [23, 'good_night'],
    ]
    for (const [hour, greeting] of table) expect(greetingFor(hour), `hour ${hour}`).toBe(greeting)
  })
})

describe('scoreLevel', () => {
  it('follows the score level thresholds', () => {
    expect([100, 70, 69, 45, 44, 30, 29, 0].map(scoreLevel)).toEqual([
      'success',
      'success',
      'gray',
      'gray',
      'warning',
      'warning',
      'danger',
      'danger',
    ])
  })
})

describe('avatar', () => {
  it('takes the initials of the first two words', () => {
    expect(initials('ada lovelace byron')).toBe('AL')
    expect(initials('  Grace   Hopper ')).toBe('GH')
    expect(initials('Cher')).toBe('C')
    expect(initials('')).toBe('')
  })

  it('picks one of 26 colours by the first letter', () => {
    expect(avatarPalette).toHaveLength(26)
    expect(new Set(avatarPalette).size).toBe(26)
    expect(avatarColor('Ada')).toBe(avatarPalette[0])
    expect(avatarColor('alan')).toBe(avatarPalette[0])
    expect(avatarColor('Zoe')).toBe(avatarPalette[25])
    expect(avatarColor('Öz')).toBe(avatarPalette[14])
    expect(avatarPalette).toContain(avatarColor('9lives'))
    expect(avatarColor('')).toBe(avatarPalette[0])
  })
})

describe('relativeTime', () => {
  const now = Date.UTC(2026, 0, 1)
  const ago = (ms: number) => relativeTime(now - ms, now)
  const s = 1000
  const day = 86_400 * s

  it('uses the largest fitting unit (year 365 days, month 30 days)', () => {
    expect(ago(0)).toEqual({ unit: 'justNow' })
    expect(ago(999)).toEqual({ unit: 'justNow' })
    expect(ago(s)).toEqual({ unit: 'second', count: 1 })
    expect(ago(59 * s)).toEqual({ unit: 'second', count: 59 })
    expect(ago(60 * s)).toEqual({ unit: 'minute', count: 1 })
    expect(ago(3600 * s)).toEqual({ unit: 'hour', count: 1 })
    expect(ago(day)).toEqual({ unit: 'day', count: 1 })
    expect(ago(6 * day)).toEqual({ unit: 'day', count: 6 })
    expect(ago(7 * day)).toEqual({ unit: 'week', count: 1 })
    expect(ago(29 * day)).toEqual({ unit: 'week', count: 4 })
    expect(ago(30 * day)).toEqual({ unit: 'month', count: 1 })
    expect(ago(364 * day)).toEqual({ unit: 'month', count: 12 })
    expect(ago(365 * day)).toEqual({ unit: 'year', count: 1 })
    expect(ago(800 * day)).toEqual({ unit: 'year', count: 2 })
  })

  it('treats future instants as just now', () => {
    expect(relativeTime(now + 5000, now)).toEqual({ unit: 'justNow' })
  })
})
