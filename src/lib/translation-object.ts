import { i18nString } from 'typesafe-i18n'

type Translate = (text: string, ...args: unknown[]) => string
type Formatters = Parameters<typeof i18nString>[1]

// typesafe-i18n's i18nObject answers every property read with a new proxy around a copy of the
// dictionary below it: `LL.time.hoursAgo(…)` copied the whole `time` section, then bound a new
// function, on every call. A list cell reads a few words per row, so the first render of a list
// spent ≈ 15 ms of a slow machine's boot in those copies.
// This object answers the same way (a function per word, a callable node per section, a node that
// translates to '' for a path the dictionary lacks, iteration over a section's values) and builds
// each node once, on its first read. A dictionary is never changed in place (addEnglishPart
// replaces it), so a node stays true for the object's life.

function node(section: unknown, translate: Translate): unknown {
  if (typeof section === 'string') return translate.bind(null, section)
  const target = Object.assign(
    Object.defineProperty(() => '', 'name', { writable: true }),
    section ?? {},
  )
  const children = new Map<PropertyKey, unknown>()
  return new Proxy(target, {
    get: (_target, key) => {
      if (key === Symbol.iterator) {
        const values = Object.values(target).map((entry) => node(entry, translate))
        return values[Symbol.iterator].bind(values)
      }
      let child = children.get(key)
      if (child === undefined) {
        child = node(Reflect.get(target, key), translate)
        children.set(key, child)
      }
      return child
    },
  })
}

/** typesafe-i18n's translation object for `translations`, with each node built once. */
export function translationObject<TF>(
  locale: string,
  translations: object,
  formatters: Formatters = {},
): TF {
  return node(translations, i18nString(locale, formatters) as Translate) as TF
}
