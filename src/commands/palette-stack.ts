import type { CommandContext } from './command'
import type { EntityHit } from './entity-source'

/**
 * The palette's query and its stack of pages (an entity's actions over the root results). Each
 * page remembers the query that found its entity, so going back shows those results again instead
 * of an empty palette.
 */
export interface PaletteStack<Ctx extends CommandContext = CommandContext> {
  readonly search: string
  readonly pages: readonly { readonly hit: EntityHit<Ctx>; readonly query: string }[]
}

export const emptyStack: PaletteStack<never> = { search: '', pages: [] }

export function pushPage<Ctx extends CommandContext>(
  stack: PaletteStack<Ctx>,
  hit: EntityHit<Ctx>,
): PaletteStack<Ctx> {
  return { search: '', pages: [...stack.pages, { hit, query: stack.search }] }
}

export function popPage<Ctx extends CommandContext>(stack: PaletteStack<Ctx>): PaletteStack<Ctx> {
  const top = stack.pages.at(-1)
  if (top === undefined) return stack
  return { search: top.query, pages: stack.pages.slice(0, -1) }
}
