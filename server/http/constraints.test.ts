import { describe, expect, it } from 'vitest'
import { constraintAnswer } from './constraints'

describe('constraintAnswer', () => {
  it('answers a sign-in name another account holds as a taken name, never a 500', () => {
    const answer = constraintAnswer({ code: '23505', constraint: 'sign_in_names_pkey' })
    expect([answer?.status, answer?.field, answer?.message]).toEqual([
      409,
      'username',
      'This username or e-mail is already taken.',
    ])
  })

  it('leaves a constraint it does not know to the caller', () => {
    expect(constraintAnswer({ code: '23505', constraint: 'no_such_constraint' })).toBeNull()
    expect(constraintAnswer(new Error('not a database error'))).toBeNull()
  })
})
