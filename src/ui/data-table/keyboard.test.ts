import { describe, expect, it } from 'vitest'
import { LIST_KEYS, listKey, listKeyShortcuts, type ListKeyContext } from './keyboard'

const base: ListKeyContext = {
  key: '',
  active: null,
  total: 1_000_000,
  pageRows: 15,
  modified: false,
  singleKeys: true,
}
const press = (key: string, extra: Partial<ListKeyContext> = {}) =>
  listKey({ ...base, ...extra, key })

describe('listKey', () => {
  it('j/k and arrows move by one, starting at the first row', () => {
    expect(press('j')).toEqual({ type: 'move', index: 0 })
    expect(press('j', { active: 4 })).toEqual({ type: 'move', index: 5 })
    expect(press('ArrowDown', { active: 4 })).toEqual({ type: 'move', index: 5 })
    expect(press('k', { active: 4 })).toEqual({ type: 'move', index: 3 })
    expect(press('ArrowUp', { active: 0 })).toEqual({ type: 'move', index: 0 })
  })

  it('Home and End reach the ends of the whole set', () => {
    expect(press('End', { active: 3 })).toEqual({ type: 'move', index: 999_999 })
    expect(press('Home', { active: 999_999 })).toEqual({ type: 'move', index: 0 })
    expect(press('j', { active: 999_999 })).toEqual({ type: 'move', index: 999_999 })
  })

  it('PageUp and PageDown move by a viewport and clamp', () => {
    expect(press('PageDown', { active: 10 })).toEqual({ type: 'move', index: 25 })
    expect(press('PageUp', { active: 10 })).toEqual({ type: 'move', index: 0 })
    expect(press('PageDown', { active: 999_990 })).toEqual({ type: 'move', index: 999_999 })
  })

  it('Enter and o open the active row only', () => {
    expect(press('Enter', { active: 7 })).toEqual({ type: 'row', action: 'open', index: 7 })
    expect(press('o', { active: 7 })).toEqual({ type: 'row', action: 'open', index: 7 })
    expect(press('Enter')).toEqual({ type: 'none' })
  })

  it('row keys act on the active row: e edits, # and Delete delete, p and Space peek', () => {
    expect(press('e', { active: 2 })).toEqual({ type: 'row', action: 'edit', index: 2 })
    expect(press('#', { active: 2 })).toEqual({ type: 'row', action: 'remove', index: 2 })
    expect(press('Delete', { active: 2 })).toEqual({ type: 'row', action: 'remove', index: 2 })
    expect(press('p', { active: 2 })).toEqual({ type: 'row', action: 'peek', index: 2 })
    expect(press(' ', { active: 2 })).toEqual({ type: 'row', action: 'peek', index: 2 })
    expect(press(' ', { active: null })).toEqual({ type: 'none' })
    expect(press('e')).toEqual({ type: 'none' })
    expect(press('p')).toEqual({ type: 'none' })
  })

  it('x toggles the active row, X selects up to it, J and K select while moving', () => {
    expect(press('x', { active: 2 })).toEqual({ type: 'select', index: 2, range: false })
    expect(press('X', { active: 2 })).toEqual({ type: 'select', index: 2, range: true })
    expect(press('x')).toEqual({ type: 'none' })
    expect(press('J', { active: 2 })).toEqual({ type: 'extend', from: 2, index: 3 })
    expect(press('K', { active: 2 })).toEqual({ type: 'extend', from: 2, index: 1 })
    expect(press('J')).toEqual({ type: 'extend', from: null, index: 0 })
  })

  it('c creates even in an empty list; s and S cycle and reverse the sort', () => {
    expect(press('c', { total: 0 })).toEqual({ type: 'create' })
    expect(press('s')).toEqual({ type: 'sort', reverse: false })
    expect(press('S')).toEqual({ type: 'sort', reverse: true })
  })

  it('leaves modified keys and empty lists alone', () => {
    expect(press('j', { modified: true })).toEqual({ type: 'none' })
    expect(press('End', { total: 0 })).toEqual({ type: 'none' })
    expect(press('q', { active: 2 })).toEqual({ type: 'none' })
  })
})

describe('single-key shortcuts off', () => {
  it('leaves j, x, e, # and the shifted letters doing nothing, the named keys working', () => {
    const off = { singleKeys: false, active: 2 }
    for (const key of ['j', 'k', 'o', 'e', '#', 'x', 'X', 'J', 's', 'S', 'c', 'p'])
      expect(press(key, off), key).toEqual({ type: 'none' })
    expect(press('ArrowDown', off)).toEqual({ type: 'move', index: 3 })
    expect(press('Enter', off)).toEqual({ type: 'row', action: 'open', index: 2 })
    expect(press(' ', off)).toEqual({ type: 'row', action: 'peek', index: 2 })
    expect(listKeyShortcuts(false).split(' ')).toEqual(
      expect.arrayContaining(['ArrowDown', 'Enter', 'Delete', 'Space']),
    )
    expect(listKeyShortcuts(false).split(' ')).not.toContain('j')
  })
})

describe('listKeyShortcuts', () => {
  it('announces every key the list answers, each once', () => {
    const announced = listKeyShortcuts(true).split(' ')
    expect(new Set(announced).size).toBe(announced.length)
    expect(announced.sort()).toEqual(Object.values(LIST_KEYS).flat().sort())
    expect(announced).toEqual(
      expect.arrayContaining(['j', 'k', 'Home', 'End', 'Enter', 'o', 'e', '#', 'x', 's']),
    )
  })
})
