import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import tseslint from 'typescript-eslint'

// The one-way rule of the shape, as one ranked list of layers: a folder imports only from the layers
// below its own, never from a sibling of its own layer (each feature folder is such a sibling), so
// what is allowed is said once and a new import upward or sideways fails. The rule is checked on
// the file an import resolves to (static, type-only, re-export or dynamic), so no spelling of the
// path slips past (decision 030). `i18n/` and packages sit below every layer.
const root = import.meta.dirname
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `src/features/${entry.name}`)
const layers = [
  { folders: ['src/app'], is: 'the composition' },
  { folders: features, is: 'a feature' },
  {
    folders: ['src/journal', 'src/lockdown', 'src/csv-import', 'src/door-modes'],
    is: 'a section the pages show (history, lockdown, import, door modes)',
  },
  { folders: ['src/actions'], is: 'the action host' },
  { folders: ['src/commands', 'src/session'], is: 'the palette or the session' },
  { folders: ['machines'], is: 'a machine' },
  { folders: ['src/api', 'src/ui'], is: 'the server client or a primitive' },
  { folders: ['src/lib'], is: 'a pure helper' },
  { folders: ['src/contract'], is: 'the contract, which the server shares' },
]
// Stricter than their rank: the contract and the machines import nothing of the console.
const outside = [
  {
    target: 'src/contract',
    from: ['src', 'machines', 'server', 'i18n'],
    except: ['./contract'],
    message: 'The server shares the contract: it imports only itself.',
  },
  {
    target: 'machines',
    from: ['src', 'server', 'i18n'],
    message: 'Machines are pure: they import xstate only.',
  },
  {
    target: 'server',
    from: 'src',
    except: ['./contract'],
    message: 'The server shares only src/contract/ with the console.',
  },
]
const zones = layers.flatMap(({ folders, is }, rank) => {
  const above = layers.slice(0, rank).flatMap((layer) => layer.folders)
  return folders.flatMap((target) => {
    const from = [...above, ...folders.filter((folder) => folder !== target)]
    // The top layer's only folder has nothing above it; the contract and machines have their own.
    if (from.length === 0 || outside.some((zone) => zone.target === target)) return []
    const name = target.replace(/^src\//, '')
    return [
      {
        target,
        from,
        message: `${name}/ is ${is}: it imports only from the layers below it (ARCHITECTURE.md, "Dependency rules").`,
      },
    ]
  })
})

// Packages are not paths: the contract's one package is superstruct, and only struct.ts imports it
// (its factories also compile the check every answer goes through, api/answer-check.ts).
const packagesOf = (files, regex, message, ignores = []) => ({
  files,
  ignores: ['**/*.test.ts', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
})

export const boundaries = [
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, ...outside] }],
    },
  },
  packagesOf(
    ['src/contract/**/*.ts'],
    '^[^.]',
    "The contract's structs come from ./struct; it imports no package.",
    ['src/contract/struct.ts'],
  ),
  packagesOf(
    ['src/contract/struct.ts'],
    '^(?!superstruct$)[^.]',
    'The contract needs superstruct only.',
  ),
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'test-results',
      'playwright-report',
      'i18n/i18n-*.ts',
      'i18n/i18n-*.tsx',
      'i18n/formatters.ts',
    ],
  },
  js.configs.recommended,
  // typescript-eslint's rules that need no types. Those that do run in oxlint on TypeScript's native
  // compiler (.oxlintrc.json, decision 091): here they built a second TypeScript program, 100 s of
  // CPU in every check.
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/**/*.tsx', 'src/**/*.ts'], ...reactHooks.configs.flat.recommended },
  ...boundaries,
)
