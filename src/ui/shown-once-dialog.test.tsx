// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithI18n } from '../test/render'
import { IssueOnceDialog } from './shown-once-dialog'

afterEach(cleanup)

const confirm = {
  title: 'Make a PIN for Pia?',
  description: 'It is shown once.',
  confirmLabel: 'Make PIN',
  pendingLabel: 'Making…',
  kind: 'reversible' as const,
  tone: 'primary' as const,
}

const shown = {
  digits: true,
  title: 'The new PIN of Pia',
  description: 'Shown this once.',
  label: 'PIN',
  copyLabel: 'Copy PIN',
  copiedNotice: 'Copied.',
  doneLabel: 'Done',
}

/** A page with the button that asks, as a user's page has it; `issue` answers as the server would. */
function Page({ issue, closed }: { issue: () => Promise<string>; closed: string[] }) {
  const [open, setOpen] = useState(false)
  return (
    <QueryClientProvider client={new QueryClient()}>
      <button type="button" onClick={() => setOpen(true)}>
        Make PIN
      </button>
      {open ? (
        <IssueOnceDialog
          issue={issue}
          confirm={confirm}
          shown={shown}
          onClose={() => {
            closed.push('closed')
            setOpen(false)
          }}
        />
      ) : null}
    </QueryClientProvider>
  )
}

describe('a secret shown once', () => {
  it('asks, shows the new PIN grouped with Copy focused, and forgets it once closed', async () => {
    const closed: string[] = []
    renderWithI18n(<Page issue={() => Promise.resolve('12345678')} closed={closed} />)
    const opener = screen.getByRole('button', { name: 'Make PIN' })
    opener.focus()
    fireEvent.click(opener)
    const ask = screen.getByRole('dialog', { name: 'Make a PIN for Pia?' })
    // Reversible: it starts on its confirming button, so Enter makes it.
    await waitFor(() => expect(ask.querySelector('button:focus')?.textContent).toBe('Make PIN'))
    fireEvent.click(screen.getAllByRole('button', { name: 'Make PIN' }).at(-1) as HTMLElement)

    const pin = await screen.findByRole('dialog', { name: 'The new PIN of Pia' })
    expect(screen.queryByRole('dialog', { name: 'Make a PIN for Pia?' })).toBeNull()
    expect(closed).toEqual([])
    const value = screen.getByTestId('shown-once')
    expect(value.querySelector('[aria-hidden]')?.textContent).toBe('123 456 78')
    // Read one digit at a time, not as "one hundred twenty-three".
    expect(value.textContent).toContain('1 2 3 4 5 6 7 8')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy PIN' })),
    )
    expect(pin.textContent).toContain('Shown this once.')

    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(closed).toEqual(['closed'])
    expect(document.body.textContent).not.toContain('123 456 78')
    // Focus goes back to what asked, not to the confirmation that is gone.
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('keeps a refusal in the confirmation and shows nothing', async () => {
    const closed: string[] = []
    const refused = () => Promise.reject(new Error('refused'))
    renderWithI18n(<Page issue={refused} closed={closed} />)
    fireEvent.click(screen.getByRole('button', { name: 'Make PIN' }))
    const ask = screen.getByRole('dialog', { name: 'Make a PIN for Pia?' })
    fireEvent.click(screen.getAllByRole('button', { name: 'Make PIN' }).at(-1) as HTMLElement)
    await waitFor(() => expect(ask.querySelector('[role="alert"]')).not.toBeNull())
    expect(screen.queryByTestId('shown-once')).toBeNull()
    expect(closed).toEqual([])
  })
})
