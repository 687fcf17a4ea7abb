// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'

afterEach(cleanup)

describe('ErrorBoundary', () => {
  it('shows the fallback instead of a part that throws, and renders it again on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let broken = true
    function Screen() {
      if (broken) throw new Error('boom')
      return <p>Loaded</p>
    }
    render(
      <main>
        <p>Shell</p>
        <ErrorBoundary
          fallback={(error, retry) => (
            <button type="button" onClick={retry}>
              {error instanceof Error ? error.message : 'failed'}
            </button>
          )}
        >
          <Screen />
        </ErrorBoundary>
      </main>,
    )
    expect(screen.getByText('Shell')).toBeTruthy()
    broken = false
    fireEvent.click(screen.getByRole('button', { name: 'boom' }))
    expect(screen.getByText('Loaded')).toBeTruthy()
  })
})
