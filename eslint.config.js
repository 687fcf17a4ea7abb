import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import tseslint from 'typescript-eslint'

// The one-way rule of the shape: app → features → journal, lockdown, door-modes, csv-import → actions → commands / ui / api / lib /
// session → contract; machines → xstate only; server → contract only. Each zone names what its
// files may not import, checked on the file an import resolves to (static, type-only, re-export
// or dynamic), so no spelling of the path slips past (decision 030).
const root = import.meta.dirname
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except && { except }),
})
const shared = 'move what is shared to ui/ or lib/.'
const zones = [
  zone('src/features', 'src/app', 'Only app/ composes: import the service from below instead.'),
  ...features.map((name) =>
    zone(`src/features/${name}`, 'src/features', `A feature does not import another; ${shared}`, [
      `./${name}`,
    ]),
  ),
  zone(
    'src/actions',
    ['src/features', 'src/app', 'src/journal', 'src/lockdown', 'src/door-modes', 'src/csv-import'],
    'The action host sits below the features that declare actions, above the palette it runs for.',
  ),
  zone(
    'src/journal',
    ['src/features', 'src/app'],
    "The journal's History section sits below the entity pages that show it.",
  ),
  zone(
    'src/csv-import',
    ['src/features', 'src/app', 'src/journal', 'src/lockdown'],
    'The import dialog sits below the lists that offer it.',
  ),
  zone(
    'src/lockdown',
    ['src/features', 'src/app', 'src/journal'],
    'The lockdown banner and dialogs sit below the pages and the shell that show them.',
  ),
  zone(
    'src/door-modes',
    ['src/features', 'src/app', 'src/journal', 'src/lockdown', 'src/csv-import'],
    "A door's mode panel and its actions sit below the device and location pages that show them.",
  ),
  zone(
    ['src/commands', 'src/api', 'src/session'],
    [
      'src/features',
      'src/app',
      'src/actions',
      'src/journal',
      'src/lockdown',
      'src/door-modes',
      'src/csv-import',
    ],
    `Features and app/ are composed above this layer; ${shared}`,
  ),
  zone(
    'src/ui',
    [
      'src/features',
      'src/app',
      'src/commands',
      'src/actions',
      'src/journal',
      'src/lockdown',
      'src/door-modes',
      'src/csv-import',
      'src/api',
      'src/session',
    ],
    'ui/ holds primitives: data and actions come in as props.',
  ),
  zone(
    'src/lib',
    [
      'src/features',
      'src/app',
      'src/commands',
      'src/actions',
      'src/journal',
      'src/lockdown',
      'src/door-modes',
      'src/csv-import',
      'src/api',
      'src/session',
      'src/ui',
    ],
    'lib/ holds pure helpers: it imports the contract, i18n and packages only.',
  ),
  zone(['src/ui', 'src/lib'], 'machines', 'Machines are run by the layers above ui/ and lib/.'),
  zone('src/contract', 'src', 'The server shares the contract: it imports only itself.', [
    './contract',
  ]),
  zone('src/contract', ['machines', 'server', 'i18n'], 'The server shares the contract.'),
  zone('machines', ['src', 'server', 'i18n'], 'Machines are pure: they import xstate only.'),
  zone('server', 'src', 'The server shares only src/contract/ with the console.', ['./contract']),
]

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
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
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
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  { files: ['src/**/*.tsx', 'src/**/*.ts'], ...reactHooks.configs.flat.recommended },
  ...boundaries,
  // Plain JavaScript outside the TypeScript project: what `npm start` runs before any loader.
  { files: ['eslint.config.js', 'scripts/*.mjs'], ...tseslint.configs.disableTypeChecked },
)
