import { describe, expect, it } from 'vitest'
import { MAX_MEMBERS_PER_REQUEST } from '../contract/access-model'
import { checkMembership, groupProblem, openWindow, windowOf, windowValues } from './memberships'

const rulesOf = (check: ReturnType<typeof checkMembership>) =>
  check.ok
    ? check
    : Object.fromEntries(Object.entries(check.problems).map(([k, p]) => [k, p?.rule]))

describe('checkMembership', () => {
  it('sends each chosen person with the same window, empty bounds as none', () => {
    const check = checkMembership([7, 9], {
      valid_from: '2027-01-04T07:00:00+01:00',
      valid_until: '',
    })
    expect(check).toEqual({
      ok: true,
      members: [
        { user_id: 7, valid_from: '2027-01-04T07:00:00+01:00', valid_until: null },
        { user_id: 9, valid_from: '2027-01-04T07:00:00+01:00', valid_until: null },
      ],
    })
  })

  it('asks for someone, and for an end after the start, in one go', () => {
    expect(
      rulesOf(
        checkMembership([], {
          valid_from: '2027-01-04T07:00:00+01:00',
          valid_until: '2027-01-04T06:00:00+01:00',
        }),
      ),
    ).toEqual({ people: 'required', valid_until: 'end_before_start' })
  })

  it('names only the end when someone is chosen and the window is backwards', () => {
    expect(
      rulesOf(
        checkMembership([5], {
          valid_from: '2027-01-04T07:00:00+01:00',
          valid_until: '2027-01-03T07:00:00+01:00',
        }),
      ),
    ).toEqual({ valid_until: 'end_before_start' })
  })

  it('refuses a malformed moment on its own field', () => {
    expect(rulesOf(checkMembership([1], { valid_from: 'soon', valid_until: '' }))).toEqual({
      valid_from: 'datetime_invalid',
    })
  })

  it('takes more people than one request does (they are sent in several), each once', () => {
    const many = Array.from({ length: MAX_MEMBERS_PER_REQUEST * 2 + 1 }, (_, i) => i + 1)
    const check = checkMembership(many, openWindow)
    expect(check.ok && check.members.length).toBe(MAX_MEMBERS_PER_REQUEST * 2 + 1)
    expect(rulesOf(checkMembership([3, 3], openWindow))).toEqual({ people: 'duplicate' })
  })
})

describe('the window', () => {
  it('reads back what it writes', () => {
    const window = { valid_from: null, valid_until: '2027-06-30T18:00:00+02:00' }
    expect(windowOf(windowValues(window))).toEqual(window)
  })
})

describe('groupProblem', () => {
  it('asks for a group until one is picked', () => {
    expect(groupProblem('')?.rule).toBe('required')
    expect(groupProblem('')?.params).toEqual({ subject: 'group' })
    expect(groupProblem('12')).toBeNull()
  })
})
