// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { isEditableTarget, isMacPlatform, situationOf } from './keyboard-dom'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('isEditableTarget', () => {
  it('is true where a key types a character', () => {
    document.body.innerHTML = `
      <input id="text"><input id="search" type="search"><textarea id="area"></textarea>
      <select id="select"></select><div id="rich" contenteditable="true"></div>`
    for (const id of ['text', 'search', 'area', 'select']) {
      expect(isEditableTarget(document.getElementById(id))).toBe(true)
    }
  })

  it('is false on buttons, checkboxes and plain elements', () => {
    document.body.innerHTML = `<button id="b"></button><input id="c" type="checkbox"><div id="d"></div>`
    for (const id of ['b', 'c', 'd'])
      expect(isEditableTarget(document.getElementById(id))).toBe(false)
    expect(isEditableTarget(null)).toBe(false)
  })
})

describe('situationOf', () => {
  it('sees an open Radix dialog as a modal layer, a closed one not', () => {
    document.body.innerHTML = `<div role="dialog" data-state="closed"></div><button id="b"></button>`
    const event = new KeyboardEvent('keydown')
    Object.defineProperty(event, 'target', { value: document.getElementById('b') })
    expect(situationOf(event, document)).toEqual({ editable: false, modal: false })
    document.querySelector('[role="dialog"]')?.setAttribute('data-state', 'open')
    expect(situationOf(event, document)).toEqual({ editable: false, modal: true })
  })
})

describe('isMacPlatform', () => {
  it('recognises Apple platforms', () => {
    expect(isMacPlatform('MacIntel')).toBe(true)
    expect(isMacPlatform('Linux x86_64')).toBe(false)
  })
})
