// The browser's time zone is the one a person means when they type a date and a time; the contract
// wants an instant, so the offset goes into the string and the server never has to guess.

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')

/** "+01:00" for a date that is one hour ahead of UTC in this browser's zone. */
export function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset()
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`
}

export interface LocalParts {
  /** YYYY-MM-DD, as an <input type="date"> holds it. */
  date: string
  /** HH:MM, as an <input type="time"> holds it. */
  time: string
}

/** An instant as the date and time a clock in this browser's zone shows. */
export function localParts(iso: string): LocalParts {
  const at = new Date(iso)
  if (iso === '' || Number.isNaN(at.getTime())) return { date: '', time: '' }
  return {
    date: `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  }
}

/**
 * The ISO string with this zone's offset on that day, or '' until both parts are there. The time
 * is HH:MM, or HH:MM:SS from a field that steps by seconds.
 */
export function isoFromLocal({ date, time }: LocalParts): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return ''
  const clock = time.length === 5 ? `${time}:00` : time
  const at = new Date(`${date}T${clock}`)
  if (Number.isNaN(at.getTime())) return ''
  return `${date}T${clock}${offsetOf(at)}`
}

/** The zone's name and its offset on that day, e.g. "Europe/Berlin (UTC+01:00)". */
export function zoneLabel(at: Date = new Date()): string {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone
  return `${name} (UTC${offsetOf(at)})`
}

/** An ISO instant as a datetime-local input holds it, in this browser's zone. */
export function localValue(iso: string | null): string {
  if (iso === null) return ''
  const { date, time } = localParts(iso)
  return date === '' ? '' : `${date}T${time}`
}

/** A datetime-local input's value as an ISO instant with this zone's offset; null when empty. */
export function instantOf(local: string): string | null {
  const [date = '', time = ''] = local.split('T')
  return isoFromLocal({ date, time }) || null
}
