import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { floorForm, newFloorValues } from './floor-form-model'

describe('the floor form model', () => {
  it('requires a position ("Position is required."), a whole storey', () => {
    for (const position of ['', '  ', '1.5']) {
      const result = validateValues(floorForm, { name: 'Ground', position })
      expect(result.ok ? null : result.problems.position?.message).toBe('Position is required.')
      expect(result.ok ? null : Object.keys(result.problems)).toEqual(['position'])
    }
  })

  it('takes negative storeys for below ground, and trims the name', () => {
    expect(validateValues(floorForm, { name: ' Basement ', position: '-2' })).toEqual({
      ok: true,
      input: { name: 'Basement', position: -2 },
    })
  })

  it('puts a new floor above the highest, or at the ground floor in an empty building', () => {
    expect(newFloorValues([])).toEqual({ name: '', position: '0' })
    expect(newFloorValues([{ position: -1 }, { position: 3 }])).toEqual({ name: '', position: '4' })
    expect(newFloorValues([{ position: -2 }])).toEqual({ name: '', position: '0' })
  })
})
