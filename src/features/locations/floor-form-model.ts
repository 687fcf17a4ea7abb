import { FloorInput, type Floor } from '../../contract/locations'
import { object, type Infer } from '../../contract/struct'
import type { FormCoreOptions } from '../../ui/form/form-core'

// A floor's own fields, checked with the contract's rules: "Position is required." (requirements R5.1) when
// the position is empty or not a whole storey, and negative storeys for below ground.

export interface FloorValues {
  name: string
  /** As typed: the number field's text. */
  position: string
}

export type FloorField = keyof FloorValues

const FloorFields = object({ name: FloorInput.schema.name, position: FloorInput.schema.position })
export type FloorFields = Infer<typeof FloorFields>

export function floorValuesOf(floor: Pick<Floor, 'name' | 'position'>): FloorValues {
  return { name: floor.name, position: String(floor.position) }
}

/** A new floor goes above the highest one: the ground floor (0) when there is none yet. */
export function newFloorValues(floors: readonly Pick<Floor, 'position'>[]): FloorValues {
  const position = floors.reduce((top, f) => Math.max(top, f.position + 1), 0)
  return { name: '', position: String(position) }
}

const prepared = (values: FloorValues) => {
  const text = values.position.trim()
  return { name: values.name.trim(), position: text === '' ? undefined : Number(text) }
}

export const floorForm: FormCoreOptions<FloorValues, FloorFields, FloorField> = {
  struct: FloorFields,
  fields: ['name', 'position'],
  prepare: prepared,
}
