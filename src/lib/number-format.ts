const formats = new Map<string, Intl.NumberFormat>()

/**
 * The locale's number format, built once: constructing an Intl.NumberFormat costs far more than
 * formatting with one, and a list renders its count and position on every frame of a scroll.
 */
export function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale)
    formats.set(locale, format)
  }
  return format
}
