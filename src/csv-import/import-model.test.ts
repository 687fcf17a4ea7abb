import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../i18n/i18n-util'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { ImportAnswer, ImportAnswerRow } from './import-kind'
import {
  createdIds,
  fieldLabel,
  resultFileName,
  resultRecords,
  rowProblemText,
  tally,
} from './import-model'

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const row = (
  line: number,
  outcome: ImportAnswerRow['outcome'],
  extra: Partial<ImportAnswerRow> = {},
) => ({
  line,
  outcome,
  changes: [],
  error: null,
  id: null,
  ...extra,
})

const results: ImportAnswerRow[] = [
  row(2, 'create', { changes: ['username', 'email'], id: 41 }),
  row(3, 'update', { changes: ['first_name'], id: 7 }),
  row(4, 'unchanged', { id: 8 }),
  row(5, 'error', {
    error: {
      error: 'validation',
      message: 'Line 2 already names a.',
      field: 'username',
      rule: 'duplicate',
      params: { line: 2 },
    },
  }),
  row(6, 'error', {
    error: {
      error: 'validation',
      message: 'Not a permission.',
      field: 'permissions.0',
      rule: 'permission_invalid',
    },
  }),
]

describe('the import model', () => {
  it('counts the outcomes and invites only users a written import created', () => {
    expect(tally(results)).toEqual({ create: 1, update: 1, unchanged: 1, error: 2 })
    const result: ImportAnswer = { dry_run: false, rows: 'valid', written: true, results }
    expect(createdIds(result)).toEqual([41])
    expect(createdIds({ ...result, written: false })).toEqual([])
  })

  it('words a row error by its rule in the user’s language, a duplicate naming its first line', () => {
    const en = i18nObject('en')
    const de = i18nObject('de')
    const [duplicate, permission] = results.slice(3).map((r) => r.error ?? undefined)
    if (!duplicate || !permission) throw new Error('fixture')
    expect(rowProblemText(en, duplicate)).toBe('Same Username as line 2.')
    expect(rowProblemText(de, duplicate)).toMatch(/Zeile 2/)
    expect(rowProblemText(en, permission)).toBe(en.form.permissionInvalid())
    expect(rowProblemText(de, permission)).toBe(de.form.permissionInvalid())
    expect(rowProblemText(en, { error: 'not_found', message: 'x' })).toBe(en.form.notFound())
    expect(rowProblemText(en, { error: 'conflict', message: 'Server words.' })).toBe(
      'Server words.',
    )
    expect(fieldLabel(de, 'permissions.0')).toBe(de.csv.columns.permissions())
    expect(fieldLabel(en, 'file')).toBe('—')
  })

  it('builds the results file, saying which rows a refused all-or-nothing import did not write', () => {
    const en = i18nObject('en')
    const users = { idColumn: () => en.csv.columns.user_id() }
    const written = resultRecords(en, users, {
      dry_run: false,
      rows: 'valid',
      written: true,
      results,
    })
    expect(written[0]).toEqual(['Line', 'Outcome', 'User ID', 'Changes', 'Column', 'Problem'])
    expect(written[1]).toEqual(['2', 'created', '41', 'Username; E-mail', '', ''])
    expect(written[5]).toEqual(['6', 'error', '', '', 'Permissions', en.form.permissionInvalid()])
    const refused = resultRecords(en, users, {
      dry_run: false,
      rows: 'all',
      written: false,
      results,
    })
    expect(refused.slice(1, 4).map((r) => r[1])).toEqual([
      'not written',
      'not written',
      'unchanged',
    ])
    const at = new Date('2026-11-28T10:21:05.123Z')
    expect(resultFileName({ name: 'users' }, at)).toBe('users-import-results-20261128-102105.csv')
    expect(resultFileName({ name: 'credentials' }, at)).toBe(
      'credentials-import-results-20261128-102105.csv',
    )
  })
})
