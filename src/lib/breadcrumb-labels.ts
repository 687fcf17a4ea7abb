import { useEffect, useSyncExternalStore } from 'react'

// Requirements R3.3, "breadcrumb (text)": screens store the display name for an id segment, the
// breadcrumb shows it instead of the raw id.
const labels = new Map<string, string>()
let version = 0
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function setBreadcrumbLabel(id: string | number, label: string) {
  const key = String(id)
  if (labels.get(key) === label) return
  labels.set(key, label)
  version += 1
  for (const listener of listeners) listener()
}

export function breadcrumbLabel(id: string): string | undefined {
  return labels.get(id)
}

/** Reactive read for the breadcrumb component. */
export function useBreadcrumbLabels(): (id: string) => string | undefined {
  useSyncExternalStore(subscribe, () => version)
  return breadcrumbLabel
}

/** A screen names the entity it shows: `useBreadcrumbLabel(id, organization?.name)`. */
export function useBreadcrumbLabel(id: string | number | undefined, label: string | undefined) {
  useEffect(() => {
    if (id !== undefined && label) setBreadcrumbLabel(id, label)
  }, [id, label])
}
