import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { build } from 'vite'

const OUT = 'node_modules/.cache/bench-ag-grid'
export const AG_GRID_PAGE = '/bench-ag-grid.html'

/**
 * Builds bench/ag-grid/ (production, minified) and places it in `distDir` beside the console, so the
 * reference server serves both from one origin under the same rules: hashed assets under /assets/
 * (cached for a year) with brotli and gzip variants, the page itself no-cache. Returns a function
 * that removes what it placed.
 */
export async function placeAgGridPage(distDir: string): Promise<() => Promise<void>> {
  await build({
    configFile: false,
    root: 'bench/ag-grid',
    logLevel: 'warn',
    // One chunk on purpose: AG Grid is loaded whole, as its own docs show.
    build: { outDir: join(process.cwd(), OUT), emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  })
  const placed: string[] = []
  const place = async (from: string, to: string) => {
    const body = await readFile(from)
    await copyFile(from, to)
    await writeFile(`${to}.br`, brotliCompressSync(body))
    await writeFile(`${to}.gz`, gzipSync(body, { level: 9 }))
    placed.push(to, `${to}.br`, `${to}.gz`)
  }
  await mkdir(join(distDir, 'assets'), { recursive: true })
  for (const asset of await readdir(join(OUT, 'assets')))
    await place(join(OUT, 'assets', asset), join(distDir, 'assets', asset))
  await place(join(OUT, 'index.html'), join(distDir, AG_GRID_PAGE))
  return async () => {
    await Promise.all(placed.map((file) => rm(file, { force: true })))
  }
}
