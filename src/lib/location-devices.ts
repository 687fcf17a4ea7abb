// Requirements R7.8: "The devices of a location are found by walking the nested location response
// for entries with a device_id and dropping duplicates." The walk does not assume where devices
// hang (the location, a floor, a room or a door): any object with a numeric device_id counts,
// wherever it is.

interface WithDeviceId {
  device_id: number
}

function isDevice(value: object): value is WithDeviceId {
  return 'device_id' in value && typeof value.device_id === 'number'
}

/** Every device in `tree`, in the order first met (depth first), each device_id once. */
export function locationDevices<T extends WithDeviceId>(tree: unknown): T[] {
  const seen = new Set<number>()
  const found: T[] = []
  const stack: unknown[] = [tree]
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object') continue
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push(value[i])
      continue
    }
    if (isDevice(value)) {
      if (!seen.has(value.device_id)) {
        seen.add(value.device_id)
        // The caller names the device type it expects; the walk only vouches for the device_id.
        found.push(value as T)
      }
      continue
    }
    const children = Object.values(value)
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i])
  }
  return found
}
