import { coerce, define, integer, refine, unknown } from './struct'
import { fail, required, type Subject } from './rules'

// Field structs shared by every resource. Each failure names its rule (see rules.ts) and keeps the
// product's fixed English sentence as its message, which API callers read as it always was.

export const MAX_ID = 2_147_483_647

export const Id = refine(
  integer(),
  'id',
  (n) => (n >= 1 && n <= MAX_ID) || fail('id_invalid', 'Expected a positive id'),
)

/**
 * A path segment such as `/users/42`: an exact decimal integer, so `1e3`, `0x10`, `-1`, `01` or
 * ` 1 ` never name user 1 (one spelling per object).
 */
export const IdParam = coerce(Id, unknown(), (v) =>
  // Text only; the type is looked at here rather than by a condition struct, which would build a
  // StructError for every absent optional id (list.ts, toInt).
  typeof v !== 'string' ? v : /^[1-9]\d{0,9}$/.test(v) ? Number(v) : Number.NaN,
)

export function requiredId(subject: Subject) {
  return define<number>(
    'required_id',
    (v) =>
      (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID) || required(subject),
  )
}

const tooLong = (max: number) => fail('too_long', `At most ${max} characters.`, { max })

export function requiredText(subject: Subject, max = 200) {
  return define<string>('required_text', (v) => {
    if (typeof v !== 'string' || v.trim() === '') return required(subject)
    return v.length <= max || tooLong(max)
  })
}

export function optionalText(max = 2000) {
  return define<string>('text', (v) => {
    if (typeof v !== 'string') return fail('invalid', 'Expected text.', { type: 'text' })
    return v.length <= max || tooLong(max)
  })
}

export function oneOf<T extends string>(values: readonly T[], subject: Subject) {
  return define<T>(
    'one_of',
    (v) => (typeof v === 'string' && values.includes(v as T)) || required(subject),
  )
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/

// The instants ISO strings (and so JSON answers) can express without a six-digit year.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z')
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59Z')

// Date.parse accepts 2026-02-30 (as 2 March) and 24:00; PostgreSQL refuses both. Check the fields.
function isIsoDateTime(v: string): boolean {
  const m = ISO_DATE_TIME.exec(v)
  const instant = Date.parse(v)
  if (!m || !(instant >= FIRST_INSTANT && instant <= LAST_INSTANT)) return false
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((x) => Number(x ?? 0))
  if (year === undefined || month === undefined || day === undefined) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59 &&
    (offH ?? 0) <= 14 &&
    (offM ?? 0) <= 59
  )
}

export const IsoDateTime = define<string>(
  'iso_datetime',
  (v) =>
    (typeof v === 'string' && isIsoDateTime(v)) ||
    fail(
      'datetime_invalid',
      'Expected an ISO 8601 date-time with a time zone, e.g. 2026-01-31T08:00:00Z.',
    ),
)

// Deliberately simple: one @, no spaces, a dot in the domain. The real check is the mail arriving.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const Email = define<string>('email', (v) => {
  if (typeof v !== 'string' || v.trim() === '') return required('email')
  return (
    (v.length <= 254 && EMAIL.test(v)) || fail('email_invalid', 'Please enter valid email address.')
  )
})

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 256

export const Password = define<string>('password', (v) => {
  if (typeof v !== 'string' || v === '') return required('password')
  if (v.length < MIN_PASSWORD_LENGTH) {
    return fail('password_too_short', 'Password must be at least 8 characters.', {
      min: MIN_PASSWORD_LENGTH,
    })
  }
  return v.length <= MAX_PASSWORD_LENGTH || tooLong(MAX_PASSWORD_LENGTH)
})

/** A URL the server itself handed out (`/uploads/<name>`), or an absolute http(s) URL. */
export const ImageUrl = define<string>(
  'image_url',
  (v) =>
    (typeof v === 'string' && v.length <= 500 && /^(\/uploads\/[\w.-]+|https?:\/\/\S+)$/.test(v)) ||
    fail('image_url_invalid', 'Expected an uploaded image URL.'),
)

export function requiredInt(subject: Subject, low = -1_000_000, high = 1_000_000) {
  return define<number>(
    'required_int',
    (v) =>
      (typeof v === 'number' && Number.isInteger(v) && v >= low && v <= high) || required(subject),
  )
}
