// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrganizationInput } from '../../contract/organizations'
import { renderWithI18n } from '../../test/render'
import { TextArea } from '../text-area'
import { TextField } from '../text-field'
import { fieldProps } from './field-props'
import { FormFrame } from './form-frame'
import { useContractForm } from './use-contract-form'

afterEach(cleanup)

type Save = (input: OrganizationInput) => Promise<unknown>

function OrgForm({ onSubmit, onCancel }: { onSubmit: Save; onCancel: () => void }) {
  const form = useContractForm(
    OrganizationInput,
    { name: '', description: '', client_ids: ['acme'] },
    { onSubmit },
  )
  return (
    <FormFrame form={form} label="Organization" submitLabel="Create" onCancel={onCancel}>
      <TextField label="Name" {...fieldProps(form, 'name')} />
      <TextArea label="Description" {...fieldProps(form, 'description')} />
    </FormFrame>
  )
}

function mount(onSubmit: Save = () => Promise.resolve()) {
  const onCancel = vi.fn()
  const save = vi.fn(onSubmit)
  renderWithI18n(<OrgForm onSubmit={save} onCancel={onCancel} />)
  return { save, onCancel, name: screen.getByRole('textbox', { name: 'Name' }) }
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

describe('a contract form in its frame', () => {
  it('focuses the first field when it opens', () => {
    const { name } = mount()
    expect(document.activeElement).toBe(name)
  })

  it('submits with Ctrl+Enter or ⌘+Enter from any field, the textarea too', async () => {
    const { save, name } = mount()
    type(name, 'Acme')
    const description = screen.getByRole('textbox', { name: 'Description' })
    fireEvent.keyDown(description, { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith({ name: 'Acme', description: '', client_ids: ['acme'] })
    fireEvent.keyDown(name, { key: 'Enter', metaKey: true })
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2))
  })

  it('on an invalid submit shows the problem at the field and focuses it', async () => {
    const { save, name } = mount()
    screen.getByRole('textbox', { name: 'Description' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(save).not.toHaveBeenCalled()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('textbox', { name: 'Name', description: 'Name is required.' })).toBe(
      name,
    )
  })

  it('puts a server 409 on the field it names, focuses it and keeps the input', async () => {
    const taken = Object.assign(new Error('HTTP 409'), {
      status: 409,
      data: {
        error: 'conflict',
        message: 'This name is already taken.',
        field: 'name',
        rule: 'taken',
        params: { subject: 'username' },
      },
    })
    const { name } = mount(() => Promise.reject(taken))
    type(name, 'Acme')
    screen.getByRole('button', { name: 'Create' }).focus()
    fireEvent.keyDown(name, { key: 'Enter', ctrlKey: true })
    await waitFor(() =>
      expect(screen.getByRole('textbox', { description: 'This username is already taken.' })).toBe(
        name,
      ),
    )
    // Focus moves in an effect after the commit that shows the message: under load a task later.
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(name).toHaveProperty('value', 'Acme')
  })

  it('shows any other failure above the fields and focuses it', async () => {
    const { name } = mount(() =>
      Promise.reject(Object.assign(new Error('offline'), { kind: 'FETCH_ERROR' })),
    )
    type(name, 'Acme')
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'The server cannot be reached. Check your connection and try again.',
    )
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(name).toHaveProperty('value', 'Acme')
  })

  it('cancels on Escape when nothing changed', () => {
    const { onCancel, name } = mount()
    fireEvent.keyDown(name, { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('asks before Escape throws changes away; keeping edits stays, discarding cancels', async () => {
    const { onCancel, name } = mount()
    type(name, 'Half typed')
    fireEvent.keyDown(name, { key: 'Escape' })
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' })
    expect(onCancel).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(name).toHaveProperty('value', 'Half typed')
    expect(document.activeElement).toBe(name)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})
