// Keys pressed while the console boots (a reload, then Ctrl+K and a search at once) arrive before
// the signed-in shell and its hotkeys exist. This module is the entry's first import, so it
// listens from the first script that runs; the shell drains the queue and replays it.

/** The parts of a key press the hotkeys read (see commands/hotkey-engine.ts's KeyInput). */
export interface EarlyKey {
  readonly key: string
  readonly code: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly shiftKey: boolean
  readonly repeat: boolean
  readonly timeStamp: number
}

let queue: EarlyKey[] = []
let listening = false

// Only keys aimed at nothing: a page with a focused field (the login form) types into it.
const unfocused = (target: EventTarget | null) =>
  target === document.body || target === document.documentElement || target === document

function record(event: KeyboardEvent) {
  if (event.isComposing || !unfocused(event.target)) return
  queue.push({
    key: event.key,
    code: event.code,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    repeat: event.repeat,
    timeStamp: event.timeStamp,
  })
  // Queued keys reach the shell once, through the replay, never also through a live listener.
  event.stopImmediatePropagation()
  // Ctrl/Cmd+K is the palette's: without this the browser would take it for its search bar.
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.code === 'KeyK')
    event.preventDefault()
}

function listen() {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('keydown', record, true)
}

/** The keys queued so far; the queue keeps listening until `stopEarlyKeys`. */
export function drainEarlyKeys(): EarlyKey[] {
  const keys = queue
  queue = []
  return keys
}

/** Stops listening for good (the shell's own listeners take over) and hands over the rest. */
export function stopEarlyKeys(): EarlyKey[] {
  if (listening) window.removeEventListener('keydown', record, true)
  listening = false
  return drainEarlyKeys()
}

listen()
