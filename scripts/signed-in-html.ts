import type { Plugin } from 'vite'
import { SIGNED_IN_HTML } from '../src/contract/boot-hint'

/**
 * Writes SIGNED_IN_HTML beside index.html: the same page with `<link rel="modulepreload">` for the
 * chunks a signed-in boot loads (the session machine, the shell and what they import) and their
 * style sheets, so they travel beside the entry instead of after it has run, and with its entry
 * async (withAsyncEntry). The server sends it to a browser that carries the signed-in hint
 * (contract/boot-hint.ts); /login stays free of them.
 */
const BOOT_CHUNKS = ['session-machine', 'signed-in']

interface ChunkLike {
  type: 'chunk'
  name: string
  fileName: string
  imports: readonly string[]
  viteMetadata?: { importedCss: ReadonlySet<string> }
}

interface AssetLike {
  type: 'asset'
  fileName: string
  source: string | Uint8Array
}

function bootChunks(bundle: Record<string, ChunkLike | AssetLike>) {
  const chunks = new Map<string, ChunkLike>()
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') chunks.set(item.fileName, item)
  const roots = BOOT_CHUNKS.map((name) => {
    const chunk = [...chunks.values()].find((c) => c.name === name)
    if (!chunk) throw new Error(`The build has no "${name}" chunk (scripts/chunk-groups.ts)`)
    return chunk.fileName
  })
  return { chunks, roots }
}

/** The boot chunks' files and everything they import statically, in a stable order. */
export function bootFiles(bundle: Record<string, ChunkLike | AssetLike>): string[] {
  const { chunks, roots } = bootChunks(bundle)
  const files: string[] = []
  const visit = (fileName: string) => {
    if (files.includes(fileName)) return
    files.push(fileName)
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next)
  }
  for (const root of roots) visit(root)
  return files
}

/**
 * The style sheets of the boot chunks, what a chunk imports before its own: the order in which
 * Vite's loader would add them when the shell is imported, so the cascade is the same.
 */
export function bootStyles(bundle: Record<string, ChunkLike | AssetLike>): string[] {
  const { chunks, roots } = bootChunks(bundle)
  const seen = new Set<string>()
  const styles: string[] = []
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    const chunk = chunks.get(fileName)
    for (const next of chunk?.imports ?? []) visit(next)
    for (const css of chunk?.viteMetadata?.importedCss ?? [])
      if (!styles.includes(css)) styles.push(css)
  }
  for (const root of roots) visit(root)
  return styles
}

/**
 * `html` with a modulepreload for each script of `files` and a style sheet link for each `.css`
 * the page does not load already. The shell's style sheets are in the page so that importing the
 * shell does not wait for them: Vite's loader finds them there and adds nothing.
 */
export function withPreloads(html: string, files: readonly string[], base = '/'): string {
  const links = files
    .filter((file) => !html.includes(`${base}${file}"`))
    .map((file) =>
      file.endsWith('.css')
        ? `    <link rel="stylesheet" crossorigin href="${base}${file}">`
        : `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`,
    )
  return html.replace(/\n\s*<\/head>/, `\n${links.join('\n')}\n  </head>`)
}

/**
 * `html` with its module entry moved to the end of the body and made `async`: it runs as soon as it
 * and its imports have loaded, while the server is still writing the page's first answers
 * (server/http/boot-answers.ts), instead of after the whole page has arrived. At the end of the
 * body the elements before it (#root) are parsed when it runs. A modulepreload where it stood keeps
 * it the first file the page asks for; async scripts load at low priority unless asked otherwise.
 */
export function withAsyncEntry(html: string): string {
  const entry = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('index.html has no module entry to make async')
  if (!/\n\s*<\/body>/.test(html)) throw new Error('index.html has no </body> on a line of its own')
  return html
    .replace(
      entry[0],
      `\n    <link rel="modulepreload" crossorigin fetchpriority="high" href="${entry[1]}">`,
    )
    .replace(
      /\n(\s*)<\/body>/,
      `\n$1  <script type="module" async crossorigin fetchpriority="high" src="${entry[1]}"></script>\n$1</body>`,
    )
}

export function signedInHtml(): Plugin {
  let base = '/'
  return {
    name: 'access-console:signed-in-html',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html']
      if (page?.type !== 'asset') return
      const html =
        typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source)
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_HTML,
        source: withAsyncEntry(
          withPreloads(html, [...bootFiles(bundle), ...bootStyles(bundle)], base),
        ),
      })
    },
  }
}
