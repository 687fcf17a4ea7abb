import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

// A reader follows a citation to the file it names, so every path a comment or a doc cites must be
// in the tree (decision 033): not in another commit, and not in the design brief or the
// specification, which the repository does not hold (decision 032).

const SOURCE_ROOTS = ['src', 'server', 'tests', 'bench', 'scripts', 'i18n', 'machines']
const SOURCE_FILES = ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js']
const SCRIPT = /\.(?:ts|tsx|mts|js|mjs)$/
const HASH_COMMENTED = /\.(?:sh|sql)$/
const DOC_ROOTS = ['docs']
const DOC_FILES = ['README.md', 'ARCHITECTURE.md']
const BENCHMARKS_MAX_LINES = 400

/** A repository path as comments and docs write it: a top-level folder, then a file or a folder. */
const REPO_PATH =
  /(?<![\w./-])(?:docs|src|server|tests|bench|scripts|i18n|machines|public)\/[\w./#*<>{}…-]*[\w/*>}]/g
/** What benches and tests write as they run, absent from a fresh clone. */
const GENERATED = /^bench\/out\//
/** A decision cited by its number alone (`docs/decisions/013`). */
const DECISION_NUMBER = /^docs\/decisions\/(\d{3})$/
/** Another commit's copy of a file (a short hash, a colon, the path): not what the tree holds. */
const COMMIT_PATH = /\b[0-9a-f]{7,40}:(?:docs|src|server|tests|bench|scripts)\/[\w./-]+/g
/** The two documents outside the repository, named as a source. */
const OUTSIDE_DOCUMENT = /\b(?:DESIGN|SPEC)(?:\.md)?\b/g
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g
/** `page.md, "Section"` or `page.md ("Section"`: a section cited by its heading. */
const QUOTED_SECTION = /([\w./-]+\.md)\)?,?\s+\(?"([^"]+)"/g

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesUnder(path, keep)
    return keep(name) ? [path] : []
  })
}

const REGEX_AFTER_WORD = /\b(?:return|typeof|case|in|of|void|throw|delete|new|else|do|yield|await)$/

/**
 * The comments of a script. A scanner, not a parser, for speed: strings, templates and regular
 * expressions are skipped so that what they hold never counts; a quote string ends at its line.
 */
function scriptComments(text: string): string[] {
  const comments: string[] = []
  const templates: number[] = []
  // The last character of code (not of a comment), which tells a division from a regex.
  let last = -1
  let i = 0
  const skipQuoted = (quote: string) => {
    i += 1
    while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1
    i += 1
  }
  while (i < text.length) {
    const char = text[i] ?? ''
    const next = text[i + 1]
    if (char === '/' && next === '/') {
      const end = text.indexOf('\n', i)
      comments.push(text.slice(i, end === -1 ? text.length : end))
      i = end === -1 ? text.length : end
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      comments.push(text.slice(i, end === -1 ? text.length : end + 2))
      i = end === -1 ? text.length : end + 2
    } else if (char === '/') {
      const before = text.slice(Math.max(0, last - 9), last + 1)
      const division = /[\w$)\]}]$/.test(before) && !REGEX_AFTER_WORD.test(before)
      if (division) i += 1
      else {
        let inClass = false
        i += 1
        while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
          if (text[i] === '[') inClass = true
          else if (text[i] === ']') inClass = false
          i += text[i] === '\\' ? 2 : 1
        }
        i += 1
      }
      last = i - 1
    } else if (char === "'" || char === '"') {
      skipQuoted(char)
      last = i - 1
    } else if (char === '`' || (char === '}' && templates.at(-1) === 0)) {
      if (char === '}') templates.pop()
      i += 1
      while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{'))
        i += text[i] === '\\' ? 2 : 1
      if (text[i] === '$') {
        templates.push(0)
        i += 2
      } else i += 1
      last = i - 1
    } else {
      const depth = templates.length - 1
      if ((char === '{' || char === '}') && depth >= 0)
        templates[depth] = (templates[depth] ?? 0) + (char === '{' ? 1 : -1)
      if (!/\s/.test(char)) last = i
      i += 1
    }
  }
  return comments
}

function hashComments(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /(?:^|\s)(?:#|--)\s(.*)$/.exec(line)?.[1])
    .filter((comment): comment is string => comment !== undefined)
}

/** Comments joined line by line, so a citation broken over two lines reads as one. */
function commentText(file: string): string {
  const text = readFileSync(file, 'utf8')
  const comments = SCRIPT.test(file) ? scriptComments(text) : hashComments(text)
  return comments
    .join('\n')
    .replace(/\n\s*(?:\*|\/\/|#|--)?\s*/g, ' ')
    .replace(/\s+/g, ' ')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

function headings(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s+/, '').trim())
}

/** What is wrong with citing `target` (a repository path, perhaps with `#anchor`), or null. */
function missing(target: string): string | null {
  const [path = '', anchor] = target.split('#')
  // A placeholder or a pattern names no one file.
  if (/[<>*{}…]|NNN/.test(path) || GENERATED.test(path)) return null
  const clean = normalize(path.replace(/[.:]+$/, ''))
  const decision = DECISION_NUMBER.exec(clean)?.[1]
  if (decision !== undefined) {
    const found = readdirSync('docs/decisions').some((name) => name.startsWith(`${decision}-`))
    return found ? null : `${clean} names no decision`
  }
  if (!existsSync(clean)) return `${clean} does not exist`
  if (anchor === undefined || anchor === '' || extname(clean) !== '.md') return null
  return headings(clean).some((heading) => anchorOf(heading) === anchor)
    ? null
    : `${clean} has no heading #${anchor}`
}

/** Sections cited by their heading (`benchmarks.md, "Machines"`) that `page` does not have. */
function missingSections(text: string, from: string): string[] {
  return [...text.matchAll(QUOTED_SECTION)].flatMap(([, page = '', section = '']) => {
    const candidates = [page, join(from, page), join('docs', page)].map((path) => normalize(path))
    const file = candidates.find((path) => existsSync(path) && statSync(path).isFile())
    if (file === undefined) return []
    const found = headings(file).some((heading) => heading.startsWith(section))
    return found ? [] : [`${file} has no section "${section}"`]
  })
}

const sources = [
  ...SOURCE_ROOTS.flatMap((root) =>
    filesUnder(root, (name) => SCRIPT.test(name) || HASH_COMMENTED.test(name)),
  ),
  ...SOURCE_FILES,
]
const docs = [
  ...DOC_ROOTS.flatMap((root) => filesUnder(root, (name) => name.endsWith('.md'))),
  ...DOC_FILES,
]

/** Every bad citation in the comments of the source files, as "file: what is wrong". */
function sourceProblems(): string[] {
  return sources.flatMap((file) => {
    const text = commentText(file)
    const problems = [
      ...[...text.matchAll(REPO_PATH)].map(([path]) => missing(path)),
      ...[...text.matchAll(COMMIT_PATH)].map(([path]) => `cites another commit's ${path}`),
      ...[...text.matchAll(OUTSIDE_DOCUMENT)].map(
        ([name]) => `cites ${name}, which the repository does not hold`,
      ),
      ...missingSections(text, 'docs'),
    ]
    return problems.filter((problem) => problem !== null).map((problem) => `${file}: ${problem}`)
  })
}

/** Every bad link, path or section in the docs, as "file: what is wrong". */
function docProblems(): string[] {
  return docs.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    const links = [...text.matchAll(MARKDOWN_LINK)]
      .map(([, target = '']) => target)
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => (target.startsWith('#') ? `${file}${target}` : join(dirname(file), target)))
    const problems = [
      ...links.map(missing),
      ...[...text.matchAll(/`([^`\n]+)`/g)].flatMap(([, code = '']) =>
        [...code.matchAll(REPO_PATH)].map(([path]) => missing(path)),
      ),
      ...[...text.matchAll(OUTSIDE_DOCUMENT)].map(
        ([name]) => `cites ${name}, which the repository does not hold`,
      ),
      ...missingSections(text.replace(/\n/g, ' '), dirname(file)),
    ]
    return problems.filter((problem) => problem !== null).map((problem) => `${file}: ${problem}`)
  })
}

describe('citations', () => {
  it('in source comments name files, sections and documents the repository holds', () => {
    expect(sourceProblems()).toEqual([])
  })

  it('in the docs (links, paths, sections) name what the repository holds', () => {
    expect(docProblems()).toEqual([])
  })

  it('fail on a path, another commit, a section or a document the repository does not hold', () => {
    expect(missing('docs/no-such-page.md')).toBe('docs/no-such-page.md does not exist')
    expect(missing('docs/benchmarks.md#no-such-section')).toBe(
      'docs/benchmarks.md has no heading #no-such-section',
    )
    expect(missing('docs/benchmarks.md#who-can-open-this')).toBeNull()
    expect(missing('docs/decisions/013')).toBeNull()
    expect(missing('docs/decisions/999')).toBe('docs/decisions/999 names no decision')
    expect(missingSections('docs/benchmarks.md, "Session 20"', 'docs')).toEqual([
      'docs/benchmarks.md has no section "Session 20"',
    ])
    expect('(eb25ec0:docs/benchmarks.md, "Session 5")'.match(COMMIT_PATH)).toHaveLength(1)
    expect('the budget (DESIGN.md) and SPEC’s lookup'.match(OUTSIDE_DOCUMENT)).toHaveLength(2)
  })
})

describe('docs/benchmarks.md', () => {
  it(`holds current figures in at most ${BENCHMARKS_MAX_LINES} lines (decision 033)`, () => {
    const lines = readFileSync('docs/benchmarks.md', 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(BENCHMARKS_MAX_LINES)
  })
})
