import { memo, type ReactNode } from 'react'
import type { DoorModeNow } from '../../contract/door-modes'
import { DoorModeBadge } from '../../door-modes/door-mode-badge'
import type { TreeRow } from '../../lib/location-tree-model'
import * as styles from './location-tree.css'

interface TreeItemRowProps {
  row: TreeRow
  /** Its place in the window: index for measuring, start (px) for positioning. */
  index: number
  start: number
  measure: (element: Element | null) => void
  focused: boolean
  /** The rename field while this item is renamed, else null. */
  editor: ReactNode
  kindLabel: string
  /** A door's mode now, once its window's request answered. */
  mode?: DoorModeNow
  /** The place's clock for the mode's "until", when the location names one. */
  zone?: string
}

/** One treeitem; memoised, since a key press changes only the item that gains or loses focus. */
export const TreeItemRow = memo(function TreeItemRow(props: TreeItemRowProps) {
  const { row, index, start, measure, focused, editor, kindLabel, mode, zone } = props
  return (
    <li
      ref={measure}
      data-index={index}
      role="treeitem"
      data-key={row.key}
      aria-level={row.level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={row.childCount > 0 ? row.expanded : undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      // The page's primary target (ui/focus.ts): arriving at a building lands in its tree.
      data-autofocus={focused ? '' : undefined}
      className={styles.item}
      style={{
        paddingInlineStart: `${row.level * 1.25}rem`,
        transform: `translateY(${start}px)`,
      }}
    >
      <span aria-hidden="true" className={styles.twisty}>
        {row.childCount === 0 ? '' : row.expanded ? '▾' : '▸'}
      </span>
      <span className={styles.kind}>{kindLabel}</span>
      {editor ?? <span className={styles.name}>{row.name}</span>}
      {mode === undefined ? null : <DoorModeBadge mode={mode} zone={zone} />}
    </li>
  )
})
