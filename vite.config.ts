import { configDefaults, defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { apiPrefixes } from './src/contract/api-paths'
import { chunkGroup, recordModuleIds, runsOnLoad } from './scripts/chunk-groups'
import { signedInHtml } from './scripts/signed-in-html'

const testFiles = [
  'src/**/*.test.{ts,tsx}',
  'machines/**/*.test.ts',
  'i18n/**/*.test.ts',
  'server/**/*.test.ts',
  'tests/model/**/*.test.ts',
  'tests/server/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
]

/** The test files that replace a module with `vi.mock`, found by reading them. */
function filesThatMock(): string[] {
  const roots = [...new Set(testFiles.map((pattern) => pattern.split('/')[0]))]
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${root}/${file}`)
      .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8'))),
  )
}
const mockingFiles = filesThatMock()

// The dev server forwards the API's paths (one list, shared with the server) to the reference server.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '8080'}`

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|ico|txt)$/
// Below this a compressed file saves less than the headers it needs.
const MIN_BYTES = 1024

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip -9) beside every compressible file of the
 * build, so the server sends the smallest variant the browser accepts without compressing per
 * request (server/http/static.ts). A variant that is not smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'access-console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // zlib's asynchronous calls run on libuv's thread pool: every file at once uses all cores,
    // where one file after another took 3.7 s of a 5.7 s build on two cores.
    async closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (name) => {
            const path = join(outDir, name)
            const source = await readFile(path)
            if (source.length < MIN_BYTES) return
            const [brotli, gzipped] = await Promise.all([
              brotliAsync(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: 9 }),
            ])
            if (brotli.length < source.length) await writeFile(`${path}.br`, brotli)
            if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped)
          }),
      )
    },
  }
}

/** Hands the module graph to scripts/chunk-groups.ts once every module is known. */
function chunkPlan(): Plugin {
  return {
    name: 'access-console:chunk-plan',
    apply: 'build',
    buildEnd() {
      recordModuleIds([...this.getModuleIds()])
    },
  }
}

const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** Marks the chunks a load runs at once for eager compilation (scripts/chunk-groups.ts, `runsOnLoad`). */
function compileHints(): Plugin {
  return {
    name: 'access-console:compile-hints',
    apply: 'build',
    // Once the files are written: the minifier drops comments, and Vite puts its preload map at
    // the top of a chunk after every plugin's generateBundle.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !runsOnLoad(file, this)) continue
        const path = join(options.dir ?? 'dist', file.fileName)
        writeFileSync(path, `${COMPILE_HINT}\n${readFileSync(path, 'utf8')}`)
      }
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    precompress(),
    chunkPlan(),
    compileHints(),
    signedInHtml(),
  ],
  server: {
    port: 5173,
    // `/upload` also covers `/uploads/`, where uploaded images are served.
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix.replace(/\/$/, ''), apiTarget])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkGroup }] },
        // A screen's chunk is named by its hash alone: the route table in the entry's `boot` lists
        // every screen's file (its import and its preload list), and the names cost /login
        // ≈ 0.3 KB gzip of its 90 KB budget (decision 085). Shared chunks keep their names.
        chunkFileNames: (chunk) =>
          chunk.name.endsWith('-screen') ? 'assets/[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    environment: 'node',
    // One migrated, seeded database per run that server test files start from (database-template.ts).
    globalSetup: ['tests/server/template-setup.ts'],
    // Two files at a time at least: on CI's 2 cores Vitest's default (cores − 1) ran one at a time,
    // while most server test files wait on a database rather than the CPU (the unit run took
    // 190 s instead of 272, the server tests on PostgreSQL 88 s instead of 190).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps the modules it loaded from one test file to the next: importing the server or
    // a screen afresh for every file was most of the run (src/: 111 s of CPU isolated, 47 s shared).
    // A file that replaces a module (vi.mock) needs its own module graph, so those run isolated.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: testFiles,
          exclude: [...configDefaults.exclude, ...mockingFiles],
        },
      },
      { extends: true, test: { name: 'mocking', include: mockingFiles } },
    ],
  },
})
