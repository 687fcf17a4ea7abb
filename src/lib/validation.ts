// Requirements R5.1 rules as pure checks. They return the key of the message in the `validation`
// i18n section, so the same rule reads the same in every form and language.
export type ValidationKey =
  | 'passwordMin'
  | 'passwordRequired'
  | 'passwordsMatch'
  | 'confirmPassword'
  | 'emailRequired'
  | 'emailInvalid'
  | 'usernameRequired'

export const MIN_PASSWORD_LENGTH = 8

// Deliberately loose: one @, something on each side, a dot in the domain. The server decides the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkEmail(value: string): ValidationKey | null {
  if (value.trim() === '') return 'emailRequired'
  return EMAIL.test(value.trim()) ? null : 'emailInvalid'
}

export function checkUsername(value: string): ValidationKey | null {
  return value.trim() === '' ? 'usernameRequired' : null
}

/** Sign-in only asks for presence: the length rule is for choosing a password. */
export function checkPasswordPresent(value: string): ValidationKey | null {
  return value === '' ? 'passwordRequired' : null
}

export function checkNewPassword(value: string): ValidationKey | null {
  if (value === '') return 'passwordRequired'
  return value.length < MIN_PASSWORD_LENGTH ? 'passwordMin' : null
}

export function checkConfirmation(password: string, confirmation: string): ValidationKey | null {
  if (confirmation === '') return 'confirmPassword'
  return password === confirmation ? null : 'passwordsMatch'
}
