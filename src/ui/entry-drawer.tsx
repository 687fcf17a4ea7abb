import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { activeList } from './data-table/active-list'
import { Drawer } from './drawer'
import * as styles from './entry-drawer.css'

interface EntryDrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Which keys walk the list behind the drawer. */
  hint: ReactNode
  /** The entry's fields as term and value, in reading order; empty while there is no entry. */
  fields: readonly (readonly [string, ReactNode])[]
  testId: string
  /** What follows the fields (a table of changes). */
  children?: ReactNode
}

/**
 * What a log screen's drawer shows and whether it is open: the list's open key shows its row, and
 * the shown entry follows the active row (`follow`), so j/k in the drawer walk the log.
 */
export function useEntryDrawer<T>() {
  const [open, setOpen] = useState(false)
  const [entry, follow] = useState<T | null>(null)
  const rowActions = useMemo(
    () => ({
      open: (row: T) => {
        follow(row)
        setOpen(true)
      },
    }),
    [],
  )
  return { entry, open, setOpen, follow, rowActions }
}

const STEPS: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }

/**
 * One log entry in full, beside its list (the audit log, the journal): every field untruncated,
 * and j/k walking the list behind it without closing.
 */
export function EntryDrawer(props: EntryDrawerProps) {
  const { open, onOpenChange, title, hint, fields, testId, children } = props
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step === undefined || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    activeList()?.step(step)
  }
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={title} hint={hint} onKeyDown={onKeyDown}>
      <dl className={styles.fields} data-testid={testId}>
        {fields.map(([term, value]) => (
          <div key={term} className={styles.field}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Drawer>
  )
}
