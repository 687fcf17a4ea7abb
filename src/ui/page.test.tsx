// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithI18n } from '../test/render'
import { Page } from './page'

afterEach(cleanup)

function FocusesItself() {
  return <input aria-label="First field" ref={(input) => input?.focus()} />
}

describe('Page', () => {
  it('puts focus on its heading when it opens, so it never stays on <body>', () => {
    renderWithI18n(
      <Page title="Organizations" intro="All of them.">
        <p>Body</p>
      </Page>,
    )
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Organizations' }),
    )
  })

  it('leaves focus where a child put it, e.g. a form’s first field', () => {
    renderWithI18n(
      <Page title="New organization">
        <FocusesItself />
      </Page>,
    )
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First field' }))
  })
})
