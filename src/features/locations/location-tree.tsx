import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useLocation } from 'wouter'
import { focusIsLost } from '../../ui/focus'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { LocationDeep } from '../../contract/locations'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice } from '../../ui/notice'
import { DeleteSpaceDialog } from './delete-space-dialog'
import { TreeItemActions } from './location-tree-actions'
import { FloorDialog, type FloorTarget } from './floor-dialog'
import { childKind, visibleRows, type TreeRow } from '../../lib/location-tree-model'
import { useTreeKeys } from '../../ui/use-tree-keys'
import { TreeItemRow } from './location-tree-item'
import { useTreeWindow } from './use-tree-window'
import * as styles from './location-tree.css'
import { useSpaceWrite, type SpaceKind } from './use-space-mutations'
import { useDoorModesNow } from '../../door-modes/use-door-modes-now'

interface LocationTreeProps {
  location: LocationDeep
  canCreate: boolean
  canUpdate: boolean
  canDelete: boolean
  /** Open the new-floor editor at once (the palette's "add a floor"). */
  addFloorNow?: boolean
  /** The node the user moved to or clicked, once they have (its page shows that node's history). */
  onPicked?: (row: TreeRow) => void
}

type Editing =
  | { mode: 'rename'; row: TreeRow }
  | { mode: 'create'; kind: Exclude<SpaceKind, 'floor'>; parent: TreeRow }
  | null

/**
 * The WAI-ARIA tree of one building, edited in place: F2 renames (a floor: its form, with the
 * position), + adds inside, Delete asks.
 */
export function LocationTree(props: LocationTreeProps) {
  const { location, canCreate, canUpdate, canDelete, addFloorNow = false, onPicked } = props
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  // The floors start open: arriving at a building shows its rooms, one ↓ from the first.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(location.floors.map((floor) => `floor:${floor.floor_id}`)),
  )
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [draft, setDraft] = useState('')
  const [deleting, setDeleting] = useState<TreeRow | null>(null)
  // The palette's "add a floor" opens the floor form at once.
  const [floorForm, setFloorForm] = useState<FloorTarget | null>(
    addFloorNow && canCreate ? { floor: null } : null,
  )
  const treeRef = useRef<HTMLUListElement>(null)
  const save = useSpaceWrite()
  // Rows keep their identity while only focus moves, so a key press re-renders two items, not all.
  const rows = useMemo(() => visibleRows(location, expanded), [location, expanded])
  const focusIndex = Math.max(
    0,
    rows.findIndex((r) => r.key === focusKey),
  )
  const current = rows[focusIndex]
  // Not the first node the tree starts on: only one the user went to.
  const picked = focusKey === null ? undefined : current
  useEffect(() => {
    if (picked) onPicked?.(picked)
  }, [picked, onPicked])

  // DOM focus follows the roving tab stop whenever the focused node changes (or reappears). The
  // request names its node: an effect left pending from an earlier render (the page re-rendering
  // for `onPicked`) runs with the old node when the next key arrives, and must not use up the
  // request meant for the render that follows.
  // The request waits for its node: a floor just created is not in the rows until the location is
  // read again, and meanwhile the roving stop falls back to the first row, which must not take it.
  // A dialog still closing holds focus inside it, so the request also stays until focus has
  // landed: the floor form asks again once it has let go (onFocusSaved).
  const wantFocus = useRef<string | null>(null)
  const focusWanted = () => {
    if (wantFocus.current === null || wantFocus.current !== focusKey || editing !== null) return
    if (current?.key !== focusKey) return
    const item = treeRef.current?.querySelector<HTMLElement>(`[data-key="${current?.key}"]`)
    item?.focus()
    if (item && document.activeElement === item) wantFocus.current = null
  }
  useEffect(focusWanted)
  // The tree comes after the page's heading (the building is read first): focus still on the
  // heading or lost when it appears moves into the tree, as on a page that is a list.
  useEffect(() => {
    let frames = 0
    let handle = 0
    const enter = () => {
      const active = document.activeElement
      const onHeading = active instanceof HTMLElement && active.matches('main h1')
      if (!onHeading && !focusIsLost()) return
      const item = treeRef.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')
      // The window of rows is measured after the first paint: wait for it, a frame at a time.
      if (item) item.focus()
      else if (++frames < 60) handle = requestAnimationFrame(enter)
    }
    enter()
    return () => cancelAnimationFrame(handle)
  }, [])

  const focusRow = (key: string) => {
    wantFocus.current = key
    setFocusKey(key)
  }
  const toggle = (key: string, open: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev)
      if (open) next.add(key)
      else next.delete(key)
      return next
    })

  // A floor renames in its form (name and position), a room or door in place.
  const startRename = (row: TreeRow) => {
    if (row.kind === 'floor') {
      setFloorForm({ floor: location.floors.find((f) => f.floor_id === row.id) ?? null })
      return
    }
    save.reset()
    setDraft(row.name)
    setEditing({ mode: 'rename', row })
  }

  const startCreate = (kind: Exclude<SpaceKind, 'floor'>, parent: TreeRow) => {
    toggle(parent.key, true)
    save.reset()
    setDraft('')
    setEditing({ mode: 'create', kind, parent })
  }

  const treeKeys = useTreeKeys({ rows, focusIndex, focus: focusRow, setExpanded })
  const onTreeKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'treeitem')
      return
    if (event.ctrlKey || event.metaKey || event.altKey || current === undefined) return
    const kind = current.kind === 'device' ? null : current.kind
    if (event.key === 'Enter') {
      event.preventDefault()
      if (current.kind === 'device') navigate(pathTo('devices-view', { id: current.id }))
      else if (current.childCount > 0) toggle(current.key, !current.expanded)
    } else if (event.key === 'F2' && kind && canUpdate) {
      event.preventDefault()
      startRename(current)
    } else if ((event.key === '+' || event.key === 'Insert') && canCreate) {
      event.preventDefault()
      const child = childKind[current.kind]
      if (child) startCreate(child, current)
    } else if (event.key === 'Delete' && kind && canDelete) {
      event.preventDefault()
      setDeleting(current)
    } else treeKeys(event)
  }

  // One click handler for the whole tree: items stay memoised without a callback each.
  const onTreeClick = (event: MouseEvent<HTMLUListElement>) => {
    const item = event.target instanceof Element ? event.target.closest('[data-key]') : null
    const row = rows.find((r) => r.key === item?.getAttribute('data-key'))
    if (!row || editing !== null) return
    // A click opens a closed node; an open one closes only when it is already the one gone to,
    // so a click on an open floor picks it (its History) rather than hiding its rooms.
    const closes = row.expanded && focusKey === row.key
    focusRow(row.key)
    if (row.childCount > 0 && (!row.expanded || closes)) toggle(row.key, !row.expanded)
  }

  const submitEdit = () => {
    if (editing === null) return
    const name = draft.trim()
    if (name === '') return
    if (editing.mode === 'rename') {
      const { row } = editing
      if (row.kind === 'device') return
      save.mutate(
        { op: 'rename', kind: row.kind, id: row.id, name },
        {
          onSuccess: () => {
            setEditing(null)
            focusRow(row.key)
          },
        },
      )
      return
    }
    const { kind, parent } = editing
    const done = (id: number | null) => {
      setEditing(null)
      if (id !== null) focusRow(`${kind}:${id}`)
    }
    if (kind === 'room')
      save.mutate({ op: 'create', kind, floorId: parent.id, name }, { onSuccess: done })
    else save.mutate({ op: 'create', kind, roomId: parent.id, name }, { onSuccess: done })
  }
  const cancelEdit = () => {
    const back = editing?.mode === 'rename' ? editing.row.key : (editing?.parent.key ?? null)
    setEditing(null)
    save.reset()
    if (back) focusRow(back)
    else if (current) focusRow(current.key)
  }
  const onEditKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation()
    if (event.key === 'Enter') {
      event.preventDefault()
      submitEdit()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cancelEdit()
    }
  }
  const failure = save.error ? failureText(LL, formFailure(save.error)) : null

  const editor = (label: string) => (
    <input
      className={styles.editor}
      aria-label={label}
      value={draft}
      autoFocus
      disabled={save.isPending}
      aria-invalid={failure ? true : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onEditKeyDown}
      onBlur={() => (save.isPending ? undefined : cancelEdit())}
    />
  )
  // The new node's row goes right after its parent's last visible descendant.
  const createAt = (() => {
    if (editing?.mode !== 'create') return -1
    const start = rows.findIndex((r) => r.key === editing.parent?.key)
    let end = start
    while (rows[end + 1] && (rows[end + 1]?.level ?? 0) > (rows[start]?.level ?? 0)) end += 1
    return end + 1
  })()
  const createLevel = editing?.mode === 'create' ? editing.parent.level + 1 : 1
  const itemCount = rows.length + (createAt >= 0 ? 1 : 0)
  const rowAt = (index: number) => rows[createAt >= 0 && index > createAt ? index - 1 : index]
  const focusItem = createAt >= 0 && focusIndex >= createAt ? focusIndex + 1 : focusIndex
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useTreeWindow(itemCount, scrollRef, [focusItem, createAt])
  const place = (start: number) => ({ transform: `translateY(${start}px)` })
  const slots = virtualizer.getVirtualItems()
  // The doors of the rows in the window: their modes now come in one request per window.
  const modes = useDoorModesNow(
    slots.flatMap((slot) => {
      const row = rowAt(slot.index)
      return row?.kind === 'door' ? [row.id] : []
    }),
  )
  const zone = location.time_zone ?? undefined

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {canCreate ? (
          <Button tone="secondary" onClick={() => setFloorForm({ floor: null })}>
            {LL.locations.addFloor()}
          </Button>
        ) : null}
        <p className={styles.hint} id="location-tree-hint">
          {LL.locations.treeHint()}
        </p>
      </div>
      {failure ? <Notice tone="danger">{failure}</Notice> : null}
      {rows.length === 0 && editing === null ? (
        <p className={styles.hint}>{LL.locations.emptyTree()}</p>
      ) : null}
      <div ref={scrollRef} className={styles.scroller}>
        <ul
          ref={treeRef}
          role="tree"
          aria-label={LL.locations.tree({ name: location.name })}
          aria-describedby="location-tree-hint"
          className={styles.tree}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onTreeKeyDown}
          onClick={onTreeClick}
        >
          {slots.map((slot) => {
            if (editing?.mode === 'create' && slot.index === createAt)
              return (
                <li
                  key="create"
                  role="treeitem"
                  aria-level={createLevel}
                  aria-selected={false}
                  className={styles.item}
                  data-index={slot.index}
                  ref={virtualizer.measureElement}
                  style={place(slot.start)}
                >
                  <span className={styles.kind}>{LL.locations.kinds[editing.kind]()}</span>
                  {editor(LL.locations.newName({ kind: LL.locations.kinds[editing.kind]() }))}
                </li>
              )
            const row = rowAt(slot.index)
            if (!row) return null
            const renaming = editing?.mode === 'rename' && editing.row.key === row.key
            return (
              <TreeItemRow
                key={row.key}
                row={row}
                index={slot.index}
                start={slot.start}
                measure={virtualizer.measureElement}
                focused={row.key === current?.key}
                mode={row.kind === 'door' ? modes.get(row.id) : undefined}
                zone={zone}
                editor={renaming ? editor(LL.locations.rename({ name: row.name })) : null}
                kindLabel={
                  row.position === null
                    ? LL.locations.kinds[row.kind]()
                    : LL.locations.floorAt({ position: row.position })
                }
              />
            )
          })}
        </ul>
      </div>
      {current && editing === null ? (
        // After the tree, not before it: Tab from Add floor reaches the tree at once.
        <div className={styles.toolbar}>
          <TreeItemActions
            row={current}
            can={{ create: canCreate, update: canUpdate, delete: canDelete }}
            onRename={startRename}
            onAdd={startCreate}
            onDelete={setDeleting}
          />
        </div>
      ) : null}
      <FloorDialog
        locationId={location.location_id}
        floors={location.floors}
        target={floorForm}
        onClose={() => setFloorForm(null)}
        onSaved={(floorId) => {
          setFloorForm(null)
          focusRow(`floor:${floorId}`)
        }}
        onFocusSaved={focusWanted}
      />
      <DeleteSpaceDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(row) => {
          const parent = row.parentKey
          setDeleting(null)
          const at = rows.findIndex((r) => r.key === row.key)
          focusRow(parent ?? rows[at - 1]?.key ?? rows[at + 1]?.key ?? '')
        }}
      />
    </div>
  )
}
