// The Keystroke-Level Model (Card, Moran and Newell, 1980) as the keystroke bench scores a run:
// what each run did, counted as operators, and the modelled seconds they take. Mental operators (M)
// are left out on both sides, so the comparison is of the hands' work alone.

/** K: one key press (an average skilled typist, 40 words a minute). */
export const K = 0.28
/** P: pointing the mouse at a target. */
export const P = 1.1
/** B: pressing or releasing the mouse button; a click is B + B. */
export const B = 0.1
/** H: moving a hand between mouse and keyboard. */
export const H = 0.4
/** A click as the model prices it: point, then press and release. */
export const CLICK = P + B + B

/** The mouse's distance on the wheel that counts as one P: one turn of up to five notches. */
export const NOTCHES_A_TURN = 5

/** What one run of a task did, in the model's terms. */
export interface Operators {
  /** Keys pressed as commands; each key of a chord is one (Ctrl+K is two). */
  keys: number
  /** Characters typed as text, one K each on either side. */
  chars: number
  /** Mouse clicks, P + B + B each. */
  clicks: number
  /** Moves of the hand between mouse and keyboard, H each. */
  handMoves: number
  /** Wheel turns of up to five notches, or scrollbar drags, P each. */
  scrolls: number
}

export const noOperators = (): Operators => ({
  keys: 0,
  chars: 0,
  clicks: 0,
  handMoves: 0,
  scrolls: 0,
})

/** The keys a chord holds: "ControlOrMeta+k" is two, "Shift+Tab" two, "+" alone one. */
export const chordKeys = (chord: string) => chord.split(/\+(?!$)/).length

/** The modelled seconds of a run. */
export const seconds = (run: Operators) =>
  K * (run.keys + run.chars) + CLICK * run.clicks + H * run.handMoves + P * run.scrolls

type Hand = 'keyboard' | 'mouse'

/**
 * Counts a run's operators as it is done. The hand that acts is where it last was: a key after a
 * click, or a click after a key, costs a move (H) first. A keyboard run starts on the keys and
 * never leaves them; a mouse run starts on the mouse.
 */
export class Tally {
  readonly counts = noOperators()
  private hand: Hand

  constructor(start: Hand) {
    this.hand = start
  }

  private move(to: Hand) {
    if (this.hand === to) return
    this.counts.handMoves += 1
    this.hand = to
  }

  press(chord: string) {
    this.move('keyboard')
    this.counts.keys += chordKeys(chord)
  }

  type(text: string) {
    this.move('keyboard')
    this.counts.chars += [...text].length
  }

  /** A click; with a modifier held (Shift+click), that key is pressed by the other hand, no H. */
  click(modifiers: readonly string[] = []) {
    this.move('mouse')
    this.counts.keys += modifiers.length
    this.counts.clicks += 1
  }

  scroll() {
    this.move('mouse')
    this.counts.scrolls += 1
  }
}

/** The verdict: each task's keyboard no slower than its mouse, in sum at most this share of it. */
export const SUM_SHARE = 0.6

export interface TaskRuns {
  task: string
  keyboard: Operators
  mouse: Operators
}

export interface Judged extends TaskRuns {
  keyboardS: number
  mouseS: number
  ratio: number
  pass: boolean
}

export interface Judgement {
  tasks: Judged[]
  keyboardS: number
  mouseS: number
  ratio: number
  /** The sum's own test: keyboard ≤ SUM_SHARE × mouse. */
  sumPass: boolean
  /** Every task and the sum. */
  pass: boolean
}

export function judge(runs: readonly TaskRuns[]): Judgement {
  const tasks = runs.map((run) => {
    const keyboardS = seconds(run.keyboard)
    const mouseS = seconds(run.mouse)
    return { ...run, keyboardS, mouseS, ratio: keyboardS / mouseS, pass: keyboardS <= mouseS }
  })
  const keyboardS = tasks.reduce((sum, task) => sum + task.keyboardS, 0)
  const mouseS = tasks.reduce((sum, task) => sum + task.mouseS, 0)
  const sumPass = keyboardS <= SUM_SHARE * mouseS
  return {
    tasks,
    keyboardS,
    mouseS,
    ratio: keyboardS / mouseS,
    sumPass,
    pass: sumPass && tasks.every((task) => task.pass),
  }
}

/** The judgement as a table, one line a task and one for the sum, columns aligned. */
export function klmTable(judgement: Judgement): string[] {
  const head = [
    'task',
    'kbd keys',
    'kbd chars',
    'kbd s',
    'clicks',
    'mouse keys',
    'mouse chars',
    'hand moves',
    'scrolls',
    'mouse s',
    'kbd/mouse',
    'verdict',
  ]
  const row = (
    name: string,
    r: TaskRuns,
    j: Pick<Judged, 'keyboardS' | 'mouseS' | 'ratio'>,
    verdict: string,
  ) => [
    name,
    String(r.keyboard.keys),
    String(r.keyboard.chars),
    j.keyboardS.toFixed(2),
    String(r.mouse.clicks),
    String(r.mouse.keys),
    String(r.mouse.chars),
    String(r.mouse.handMoves),
    String(r.mouse.scrolls),
    j.mouseS.toFixed(2),
    j.ratio.toFixed(2),
    verdict,
  ]
  const sum = (side: 'keyboard' | 'mouse') => {
    const total = noOperators()
    for (const task of judgement.tasks)
      for (const key of Object.keys(total) as (keyof Operators)[]) total[key] += task[side][key]
    return total
  }
  const lines = [
    head,
    ...judgement.tasks.map((task) => row(task.task, task, task, task.pass ? 'PASS' : 'FAIL')),
    row(
      'sum',
      { task: 'sum', keyboard: sum('keyboard'), mouse: sum('mouse') },
      judgement,
      `${judgement.sumPass ? 'PASS' : 'FAIL'} (≤ ${SUM_SHARE})`,
    ),
  ]
  const widths = head.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)))
  return lines.map((line) =>
    line
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
}
