// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyScreen, useLazyReady, type LazyScreen } from './lazy-screen'

function Hello() {
  return <p>hello</p>
}

// Counts every render of a Suspense fallback, however briefly it was shown.
const fallbacks = vi.fn()
function Fallback() {
  fallbacks()
  return <p>fallback</p>
}

/** A chunk whose download the test finishes by hand. */
function deferredChunk() {
  let finish: () => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Hello }>((resolve, reject) => {
        finish = () => resolve({ default: Hello })
        fail = reject
      }),
  )
  return { load, finish: () => finish(), fail: (error: Error) => fail(error) }
}

function Gate({ screen: Screen }: { screen: LazyScreen }) {
  const ready = useLazyReady(Screen)
  if (!ready) return <p>loading</p>
  return (
    <Suspense fallback={<Fallback />}>
      <Screen />
    </Suspense>
  )
}

afterEach(() => {
  cleanup()
  fallbacks.mockClear()
})

describe('lazyScreen', () => {
  it('loads once however often it is preloaded', async () => {
    const chunk = deferredChunk()
    const Screen = lazyScreen(chunk.load)
    const first = Screen.preload()
    void Screen.preload()
    expect(Screen.isLoaded()).toBe(false)
    chunk.finish()
    await first
    expect(Screen.isLoaded()).toBe(true)
    expect(chunk.load).toHaveBeenCalledTimes(1)
  })

  it('renders a preloaded screen in the same commit, without a Suspense fallback', async () => {
    const chunk = deferredChunk()
    const Screen = lazyScreen(chunk.load)
    const preloaded = Screen.preload()
    chunk.finish()
    await preloaded
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    )
    expect(screen.getByText('hello')).toBeTruthy()
    expect(fallbacks).not.toHaveBeenCalled()
  })

  it('useLazyReady shows its own loading state until the chunk is there, never the fallback', async () => {
    const chunk = deferredChunk()
    const Screen = lazyScreen(chunk.load)
    render(<Gate screen={Screen} />)
    expect(screen.getByText('loading')).toBeTruthy()
    expect(chunk.load).toHaveBeenCalledTimes(1)
    await act(async () => {
      chunk.finish()
      await Screen.preload()
    })
    expect(screen.getByText('hello')).toBeTruthy()
    expect(fallbacks).not.toHaveBeenCalled()
  })

  it('a failed download is retried by the next attempt', async () => {
    const chunk = deferredChunk()
    const Screen = lazyScreen(chunk.load)
    const failed = Screen.preload()
    chunk.fail(new Error('offline'))
    await expect(failed).rejects.toThrow('offline')
    const retried = Screen.preload()
    chunk.finish()
    await retried
    expect(chunk.load).toHaveBeenCalledTimes(2)
    expect(Screen.isLoaded()).toBe(true)
  })
})
