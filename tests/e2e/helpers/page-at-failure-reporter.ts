import { readFileSync } from 'node:fs'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Enough of a page's snapshot to tell which screen it was on, not the whole of a long list: its
 * start (the shell and the screen's heading) and its end, where an open dialog or the palette is.
 */
const HEAD_CHARS = 1500
const TAIL_CHARS = 3500

/**
 * Prints what the page showed when a test failed: the accessibility snapshot Playwright writes into
 * its error context (test-results/…/error-context.md). The run's output is all a CI run leaves, so
 * a failure there says which screen the page was on instead of only the locator it waited for.
 */
export default class PageAtFailureReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path)
    if (!context?.path) return
    let text: string
    try {
      text = readFileSync(context.path, 'utf8')
    } catch {
      return
    }
    // The page's snapshot, and an expectation's own (what the locator saw), are its YAML blocks.
    const snapshot = [...text.matchAll(/```yaml\n([\s\S]*?)\n```/g)]
      .map((match) => match[1])
      .join('\n')
      .trim()
    if (snapshot === '') return
    const cut =
      snapshot.length > HEAD_CHARS + TAIL_CHARS
        ? `${snapshot.slice(0, HEAD_CHARS)}\n…\n${snapshot.slice(-TAIL_CHARS)}`
        : snapshot
    process.stdout.write(
      `\nThe page when "${test.title}" failed (attempt ${result.retry + 1}):\n${cut}\n\n`,
    )
  }

  printsToStdio() {
    return false
  }
}
