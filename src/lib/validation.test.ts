import { describe, expect, it } from 'vitest'
import {
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkPasswordPresent,
  checkUsername,
} from './validation'

describe('validation', () => {
  it('checks emails', () => {
    expect(checkEmail('')).toBe('emailRequired')
    expect(checkEmail('   ')).toBe('emailRequired')
    expect(checkEmail('admin')).toBe('emailInvalid')
    expect(checkEmail('a@b')).toBe('emailInvalid')
    expect(checkEmail('admin@demo.local')).toBeNull()
  })

  it('checks usernames and password presence', () => {
    expect(checkUsername(' ')).toBe('usernameRequired')
    expect(checkUsername('admin')).toBeNull()
    expect(checkPasswordPresent('')).toBe('passwordRequired')
    expect(checkPasswordPresent('x')).toBeNull()
  })

  it('requires 8 characters for a new password and a matching confirmation', () => {
    expect(checkNewPassword('')).toBe('passwordRequired')
    expect(checkNewPassword('1234567')).toBe('passwordMin')
    expect(checkNewPassword('12345678')).toBeNull()
    expect(checkConfirmation('12345678', '')).toBe('confirmPassword')
    expect(checkConfirmation('12345678', '12345679')).toBe('passwordsMatch')
    expect(checkConfirmation('12345678', '12345678')).toBeNull()
  })
})
