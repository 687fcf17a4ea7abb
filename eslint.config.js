import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

// The one-way rule of the shape: app → features → commands/ui/api/lib/session → contract;
// machines → xstate only; server → contract only. Each zone lists what its files may not import.
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})
const banned = (regex, message) => ({ regex, message })
const contractOnly = banned(
  '(^|/)(app|features|ui|api|lib|commands|session)/|^react',
  'The contract depends on superstruct only: the server shares it.',
)
// Its factories also compile the check every answer goes through (api/answer-check.ts).
const structsFromStruct = banned('^superstruct$', "The contract's structs come from ./struct.")
const noApp = banned('(^|/)app/', 'Only app/ composes; import the service from below instead.')
const noFeatures = banned(
  '(^|/)features/',
  'Features are composed by app/; move what is shared to ui/ or lib/.',
)

export const boundaries = [
  restrict(
    ['src/features/**/*.{ts,tsx}'],
    [
      noApp,
      banned(
        '^\\.\\./(?!\\.\\.)',
        'A feature does not import another feature; move what is shared to ui/ or lib/.',
      ),
    ],
  ),
  restrict(['src/{ui,lib,api,commands,session}/**/*.{ts,tsx}'], [noApp, noFeatures]),
  restrict(['src/contract/**/*.ts'], [contractOnly, structsFromStruct], ['src/contract/struct.ts']),
  restrict(['src/contract/struct.ts'], [contractOnly]),
  restrict(
    ['machines/**/*.ts'],
    [banned('^\\.\\./', 'Machines are pure: they import xstate and nothing of src/ or server/.')],
  ),
  restrict(
    ['server/**/*.ts'],
    [banned('(^|/)src/(?!contract/)', 'The server shares only src/contract/ with the console.')],
  ),
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
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
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
)
