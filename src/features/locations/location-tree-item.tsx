import { memo, type ReactNode } from 'react'
import type { TreeRow } from './location-tree-model'
import * as styles from './location-tree.css'

interface TreeItemRowProps {
  row: TreeRow
  focused: boolean
  /** The rename field while this item is renamed, else null. */
  editor: ReactNode
  kindLabel: string
  /** A row shown right after this one (the new child's name field). */
  after: ReactNode
}

/** One treeitem; memoised, since a key press changes only the item that gains or loses focus. */
export const TreeItemRow = memo(function TreeItemRow(props: TreeItemRowProps) {
  const { row, focused, editor, kindLabel, after } = props
  return (
    <>
      <li
        role="treeitem"
        data-key={row.key}
        aria-level={row.level}
        aria-expanded={row.childCount > 0 ? row.expanded : undefined}
        aria-selected={focused}
        tabIndex={focused ? 0 : -1}
        className={styles.item}
        style={{ paddingInlineStart: `${row.level * 1.25}rem` }}
      >
        <span aria-hidden="true" className={styles.twisty}>
          {row.childCount === 0 ? '' : row.expanded ? '▾' : '▸'}
        </span>
        <span className={styles.kind}>{kindLabel}</span>
        {editor ?? <span className={styles.name}>{row.name}</span>}
      </li>
      {after}
    </>
  )
})
