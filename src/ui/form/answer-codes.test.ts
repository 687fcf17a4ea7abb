import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { answerCodes, type AnswerCodeKind } from '../../contract/answer-codes'
import type { Rule } from '../../contract/rules'
import { codeWords } from '../../lib/answer-text'
import { problemText } from './problem-text'

// Beside the form layer, which words the rule codes; lib/answer-text words every other kind.

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const languages = ['en', 'de'] as const
const kinds = Object.keys(answerCodes) as AnswerCodeKind[]

describe('every code the server answers has words', () => {
  for (const language of languages) {
    for (const kind of kinds) {
      it(`${kind} in ${language}`, () => {
        const LL = i18nObject(language)
        for (const code of answerCodes[kind]) {
          const words =
            kind === 'rule'
              ? problemText(LL, { rule: code as Rule, params: {} })
              : codeWords(LL, kind, code)
          expect(words?.trim(), `${kind} ${code}`).toBeTruthy()
          expect(words, `${kind} ${code}`).not.toBe(code)
        }
      })
    }
  }

  it('finds no words for a code it does not know', () => {
    expect(codeWords(i18nObject('en'), 'deviceType', 'drone')).toBeUndefined()
    expect(codeWords(i18nObject('de'), 'error', 'name')).toBeUndefined()
  })
})
