// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../../i18n/i18n-react'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import type { ListQuery, ListResponse, ListSource } from '../../contract/list'
import { activeList } from './active-list'
import { DataTable } from './data-table'
import type { DataTableColumns, DataTableFeatures } from './features'
import type { ListViewDefaults } from '../../contract/list-view'
import { fixLayout } from '../../test/fixed-layout'

// The component in jsdom with a fake source: states, URL view, keyboard. jsdom has no layout, so
// the scroll element reports a fixed size (to reads and, as the browser does after a layout, to a
// ResizeObserver) and the virtualizer renders the first rows.

const SCROLLER = { width: 800, height: 400 }

interface Item {
  id: number
  name: string
}

type Sort = 'id' | 'name'

const helper = createColumnHelper<DataTableFeatures, Item>()
const columns = helper.columns([
  helper.accessor('id', { id: 'id', header: 'ID', size: 80 }),
  helper.accessor('name', { id: 'name', header: 'Name', size: 200 }),
])
const defaults: ListViewDefaults<Sort> = {
  orderBy: 'id',
  orderDirection: 'desc',
  sortable: ['id', 'name'],
}
const TOTAL = 250

function items(query: ListQuery<Sort>): ListResponse<Item> {
  const all = Array.from({ length: TOTAL }, (_, i) => ({
    id: TOTAL - i,
    name: `Item ${TOTAL - i}`,
  }))
  const matching = all.filter((item) => item.name.includes(query.search))
  return {
    data: matching.slice(query.start, query.start + query.length),
    recordsTotal: TOTAL,
    recordsFiltered: matching.length,
  }
}

function mount(
  fetch: ListSource<Item, Sort>['fetch'],
  path = '/items',
  peek?: ListSource<Item, Sort>['peek'],
  shown: DataTableColumns<Item> = columns,
) {
  const location = memoryLocation({ path, record: true })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } })
  const opened: Item[] = []
  const source: ListSource<Item, Sort> = { queryKey: (query) => ['items', query], fetch, peek }
  render(
    <TypesafeI18n locale="en">
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DataTable
            label="Items"
            searchLabel="Search items"
            emptyMessage="No items."
            columns={shown}
            source={source}
            defaults={defaults}
            getRowId={(item) => String(item.id)}
            describeRow={(item) => item.name}
            rowActions={{ open: (item) => opened.push(item) }}
            errorMessage={() => 'Could not load.'}
          />
        </Router>
      </QueryClientProvider>
    </TypesafeI18n>,
  )
  return { location, client, opened }
}

const loadedRow = (index: number) =>
  document.querySelector(`[data-row-index="${index}"]:not([aria-busy])`)

beforeAll(() => loadLocale('en'))

beforeEach(() => {
  fixLayout(SCROLLER)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('DataTable', () => {
  it('asks for the first window with the default view and shows the total', async () => {
    const fetch = vi.fn((query: ListQuery<Sort>) => Promise.resolve(items(query)))
    mount(fetch)
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    expect(fetch.mock.calls[0]?.[0]).toEqual({
      start: 0,
      length: 100,
      order_by: 'id',
      order_direction: 'desc',
      search: '',
    })
    expect(screen.getByText('250 entries')).toBeTruthy()
    expect(loadedRow(0)?.textContent).toContain('Item 250')
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('251')
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )
  })

  it('leaves out the columns marked hideOnMobile at the mobile width, and only there', async () => {
    const withNote = helper.columns([
      ...columns,
      helper.accessor('name', { id: 'note', header: 'Note', meta: { hideOnMobile: true } }),
    ])
    const fetch = (query: ListQuery<Sort>) => Promise.resolve(items(query))
    const note = () => screen.queryByRole('columnheader', { name: 'Note' })
    mount(fetch, '/items', undefined, withNote)
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    expect(note()).not.toBeNull()
    cleanup()
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 650px'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    mount(fetch, '/items', undefined, withNote)
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    expect(note()).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy()
    expect(loadedRow(0)?.querySelectorAll('[role="gridcell"]')).toHaveLength(2)
  })

  it('shows a window already in hand in its first render, without asking for it again', async () => {
    const fetch = vi.fn((query: ListQuery<Sort>) => Promise.resolve(items(query)))
    const peek = vi.fn((query: ListQuery<Sort>) => (query.start === 0 ? items(query) : undefined))
    mount(fetch, '/items', peek)
    // Synchronously after render: no answer had to arrive first.
    expect(loadedRow(0)?.textContent).toContain('Item 250')
    expect(screen.getByText('250 entries')).toBeTruthy()
    // The table settles (its range, the focus) without a request for the window it had.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fetch.mock.calls.map(([query]) => query.start)).not.toContain(0)
  })

  it('says "more than N" when the server stopped counting', async () => {
    const capped = (query: ListQuery<Sort>): ListResponse<Item> => ({
      ...items(query),
      recordsFiltered: 200,
      recordsFilteredCapped: true,
    })
    mount((query) => Promise.resolve(capped(query)))
    expect(await screen.findByText('more than 200 matches')).toBeTruthy()
  })

  it('sorts through the URL when a header is clicked', async () => {
    const fetch = vi.fn((query: ListQuery<Sort>) => Promise.resolve(items(query)))
    const { location } = mount(fetch)
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    fireEvent.click(screen.getByRole('button', { name: /Name/ }))
    expect(location.history?.at(-1)).toBe('/items?sort=name&dir=asc')
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.objectContaining({ order_by: 'name', order_direction: 'asc', start: 0 }),
        expect.anything(),
      ),
    )
  })

  it('starts a new sort at the top of the list, and leaves the scroller alone when it mounts', async () => {
    const written: number[] = []
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'set').mockImplementation((top: number) => {
      written.push(top)
    })
    mount((query) => Promise.resolve(items(query)))
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    // Writing a new scroller's scrollTop would force the page's first layout inside the commit.
    expect(written).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: /Name/ }))
    await waitFor(() => expect(written).toEqual([0]))
  })

  it('shows an empty search as such', async () => {
    mount((query) => Promise.resolve(items(query)), '/items?q=nothing')
    await waitFor(() => expect(screen.getByText('Nothing matches “nothing”.')).toBeTruthy())
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('nothing')
  })

  it('shows a failed request with a retry, keeping the rows already shown', async () => {
    let fail = false
    const fetch = vi.fn((query: ListQuery<Sort>) =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve(items(query)),
    )
    const { client } = mount(fetch)
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    fail = true
    await act(() => client.refetchQueries({ queryKey: ['items'] }))
    await waitFor(() => expect(screen.getByText('Could not load.')).toBeTruthy())
    expect(loadedRow(0)?.textContent).toContain('Item 250')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByText('Could not load.')).toBeNull())
  })

  it('moves the active row with the keyboard, announces it and opens it with Enter', async () => {
    const { opened } = mount((query) => Promise.resolve(items(query)))
    await waitFor(() => expect(loadedRow(0)).not.toBeNull())
    const grid = screen.getByRole('grid')
    grid.focus()
    fireEvent.keyDown(grid, { key: 'j' })
    fireEvent.keyDown(grid, { key: 'j' })
    fireEvent.keyDown(grid, { key: 'k' })
    expect(grid.getAttribute('aria-activedescendant')).toBe(loadedRow(0)?.id)
    expect(screen.getByText('Row 1 of 250: Item 250')).toBeTruthy()
    fireEvent.keyDown(grid, { key: 'Enter' })
    expect(opened.map((item) => item.id)).toEqual([250])
    activeList()?.focusSearch()
    expect(document.activeElement).toBe(screen.getByRole('searchbox'))
  })
})
