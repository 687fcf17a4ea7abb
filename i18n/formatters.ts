import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types.js'

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' })
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })
  const formatters: Formatters = {
    // An ISO instant as the reader's clock reads it: "10:14" today, with the date on other days.
    clock: (value: unknown) => {
      const at = new Date(String(value))
      if (Number.isNaN(at.getTime())) return String(value)
      return at.toDateString() === new Date().toDateString()
        ? time.format(at)
        : dateTime.format(at)
    },
  }

  return formatters
}
