// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import { breadcrumbLabel } from '../lib/breadcrumb-labels'
import { DetailState, useDetail } from './detail-state'
import { Page } from './page'

afterEach(cleanup)

type Thing = { name: string }
type Fetch = (id: number) => Promise<Thing>

function ThingScreen({ fetch }: { fetch: Fetch }) {
  const detail = useDetail(
    (id) => ({ queryKey: ['things', id], queryFn: () => fetch(id) }),
    (thing) => thing.name,
  )
  if (!detail.item) return <DetailState title="Thing" notFound="No such thing." detail={detail} />
  return (
    <Page title={detail.item.name}>
      <p>Loaded</p>
    </Page>
  )
}

function open(path: string, fetch: Fetch) {
  loadLocale('en')
  const location = memoryLocation({ path })
  // The retry rule is the client's (src/app/query-client.ts); this client has none, so any call
  // beyond the first would be the page's own.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <TypesafeI18n locale="en">
      <QueryClientProvider client={client}>
        <Router hook={location.hook}>
          <Route path="/things/:id">
            <ThingScreen fetch={fetch} />
          </Route>
        </Router>
      </QueryClientProvider>
    </TypesafeI18n>,
  )
}

// Shaped as api/'s ApiError (api/api-error.test.ts proves the real one reads the same): ui/ reads
// errors structurally and does not import the client.
const httpError = (status: number) =>
  Object.assign(new Error(`HTTP ${status}`), { kind: 'HTTP', status })

describe('a detail page until its object is there', () => {
  it('says "not found" for a malformed id without asking the server', async () => {
    const fetch = vi.fn<Fetch>()
    open('/things/x%25y', fetch)
    expect(await screen.findByText('No such thing.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Thing' }))
    expect(fetch).not.toHaveBeenCalled()
  })

  it('says "not found" for a 404 at once, without retrying it', async () => {
    const fetch = vi.fn<Fetch>().mockRejectedValue(httpError(404))
    open('/things/7', fetch)
    expect(await screen.findByText('No such thing.')).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('shows a failure in plain words, with no retries of its own, and the page once Try again succeeds', async () => {
    const fetch = vi.fn<Fetch>().mockRejectedValue(httpError(500))
    open('/things/7', fetch)
    expect(await screen.findByText(/Oops! Something went wrong/)).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { name: 'Thing' })).toBeTruthy()

    fetch.mockResolvedValue({ name: 'Front door' })
    const retry = screen.getByRole('button', { name: 'Try again' })
    retry.focus()
    fireEvent.click(retry)
    const heading = await screen.findByRole('heading', { name: 'Front door' })
    expect(screen.getByText('Loaded')).toBeTruthy()
    // The loaded page takes focus; it is not left on <body> where the Try again button was.
    expect(document.activeElement).toBe(heading)
    expect(breadcrumbLabel('7')).toBe('Front door')
  })

  it('shows the loading spinner while the first answer is on its way', () => {
    open('/things/8', () => new Promise<Thing>(() => undefined))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy()
  })
})
