import { describe, expect, it } from 'vitest'
import { flattenClientIds } from './client-ids'

describe('flattenClientIds', () => {
  it('joins the items’ client ids into one list, in order, each once', () => {
    expect(
      flattenClientIds([
        { client_ids: ['acme-web'] },
        { client_ids: ['acme-mobile', 'acme-web'] },
        { client_ids: ['globex-portal'] },
      ]),
    ).toEqual(['acme-web', 'acme-mobile', 'globex-portal'])
  })

  it('skips items without client ids and answers an empty list for none', () => {
    expect(flattenClientIds([{}, { client_ids: [] }, { client_ids: ['acme-web'] }])).toEqual([
      'acme-web',
    ])
    expect(flattenClientIds([])).toEqual([])
  })
})
