import { useQuery } from '@tanstack/react-query'
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDeepDetail } from '../../api/locations'
import type { RuleTarget } from '../../contract/access-model'
import type { LocationDeep } from '../../contract/locations'
import { treeKey, typeAhead } from '../../lib/location-tree-model'
import { LoadFailed } from '../../ui/load-failed'
import { Spinner } from '../../ui/loading'
import { coveringTarget, rootKey, targetKey, targetRows, toggleTarget } from './target-tree-model'
import * as styles from './rules.css'

interface TargetTreeProps {
  locationId: number
  value: readonly RuleTarget[]
  onChange: (targets: RuleTarget[]) => void
}

/** One building's places to choose from, once its tree has loaded. */
export function TargetTree({ locationId, value, onChange }: TargetTreeProps) {
  const { LL } = useI18nContext()
  const deep = useQuery(locationDeepDetail(locationId))
  if (deep.isError) return <LoadFailed error={deep.error} onRetry={() => void deep.refetch()} />
  if (!deep.data) return <Spinner label={LL.common.loading()} />
  return <PlaceTree key={locationId} location={deep.data} value={value} onChange={onChange} />
}

const TYPE_AHEAD_MS = 600

interface PlaceTreeProps {
  location: LocationDeep
  value: readonly RuleTarget[]
  onChange: (targets: RuleTarget[]) => void
}

/**
 * A WAI-ARIA tree that chooses several places (aria-multiselectable): the location tree's keys
 * move and open, Space or Enter chooses or drops the place with focus, type-ahead finds one by
 * name. The building and its floors start open.
 */
function PlaceTree({ location, value, onChange }: PlaceTreeProps) {
  const { LL } = useI18nContext()
  const hintId = `${useId()}-keys`
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () =>
      new Set([rootKey(location), ...location.floors.map((f) => targetKey('floor', f.floor_id))]),
  )
  const [focusKey, setFocusKey] = useState(rootKey(location))
  const moved = useRef(false)
  const typed = useRef({ text: '', at: 0 })
  const treeRef = useRef<HTMLUListElement>(null)
  const rows = useMemo(() => targetRows(location, expanded), [location, expanded])
  const chosen = useMemo(() => new Set(value.map((t) => targetKey(t.type, t.id))), [value])
  const focusIndex = Math.max(
    0,
    rows.findIndex((row) => row.key === focusKey),
  )
  const current = rows[focusIndex]

  // DOM focus follows the tab stop once a key or a click moved it, never on first render.
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    treeRef.current?.querySelector<HTMLElement>(`[data-key="${current?.key}"]`)?.focus()
  }, [current?.key])

  const focusRow = (key: string) => {
    moved.current = true
    setFocusKey(key)
  }
  const toggleOpen = (key: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous)
      if (open) next.add(key)
      else next.delete(key)
      return next
    })
  const choose = (index: number) => onChange(toggleTarget(value, location, rows, index))

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || current === undefined) return
    const move = treeKey(rows, focusIndex, event.key)
    if (move.type !== 'none') {
      event.preventDefault()
      if (move.type === 'focus') focusRow(rows[move.index]?.key ?? current.key)
      else if (move.type === 'expand') toggleOpen(move.key, true)
      else if (move.type === 'expandSiblings')
        setExpanded((previous) => new Set([...previous, ...move.keys]))
      else toggleOpen(move.key, false)
      return
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault()
      choose(focusIndex)
    } else if (event.key.length === 1) {
      event.preventDefault()
      const now = event.timeStamp
      const text =
        now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key
      typed.current = { text, at: now }
      const found = typeAhead(rows, focusIndex, text) ?? typeAhead(rows, focusIndex, event.key)
      if (found !== null) focusRow(rows[found]?.key ?? current.key)
    }
  }

  // A click on the arrow opens or closes; anywhere else on the row chooses.
  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    const item = event.target instanceof Element ? event.target.closest('[data-key]') : null
    const index = rows.findIndex((row) => row.key === item?.getAttribute('data-key'))
    const row = rows[index]
    if (!row) return
    focusRow(row.key)
    const onTwisty = event.target instanceof Element && event.target.closest('[data-twisty]')
    if (onTwisty && row.childCount > 0) toggleOpen(row.key, !row.expanded)
    else choose(index)
  }

  return (
    <>
      <p id={hintId} className={styles.hint}>
        {LL.rules.treeKeys()}
      </p>
      <ul
        ref={treeRef}
        role="tree"
        aria-label={LL.rules.treeLabel({ name: location.name })}
        aria-describedby={hintId}
        aria-multiselectable="true"
        className={styles.tree}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        {rows.map((row, index) => {
          const cover = coveringTarget(rows, index, chosen)
          const kind =
            row.kind === 'location' ? LL.rules.wholeBuilding() : LL.rules.kinds[row.kind]()
          const coveredText = cover ? LL.rules.coveredBy({ name: cover.name }) : ''
          return (
            <li
              key={row.key}
              role="treeitem"
              data-key={row.key}
              data-covered={cover !== null}
              aria-level={row.level}
              aria-posinset={row.posinset}
              aria-setsize={row.setsize}
              aria-expanded={row.childCount > 0 ? row.expanded : undefined}
              aria-selected={chosen.has(row.key)}
              aria-label={[`${kind}: ${row.name}`, coveredText].filter(Boolean).join(', ')}
              tabIndex={index === focusIndex ? 0 : -1}
              className={styles.item}
              style={{ paddingInlineStart: `${(row.level - 1) * 1.25 + 0.25}rem` }}
            >
              <span aria-hidden="true" data-twisty className={styles.twisty}>
                {row.childCount === 0 ? '' : row.expanded ? '▾' : '▸'}
              </span>
              <span aria-hidden="true" className={styles.box}>
                {chosen.has(row.key) || cover ? '✓' : ''}
              </span>
              <span aria-hidden="true" className={styles.kind}>
                {kind}
              </span>
              <span aria-hidden="true">{row.name}</span>
              {cover ? (
                <span aria-hidden="true" className={styles.covered}>
                  ({coveredText})
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </>
  )
}
