import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { MembersAdd } from '../../contract/access-model'
import type { Problem } from '../../contract/rules'
import {
  checkMembership,
  openWindow,
  type MembershipProblems,
  type WindowField,
  type WindowValues,
} from '../../lib/memberships'
import { failureText } from './failure-text'
import { formFailure, type FormFailure } from './form-core'
import { problemText } from './problem-text'

type Problems = Partial<Record<string, Problem>>

interface MembershipFormOptions {
  /** The people to add: those chosen in the form, or those it was opened for. */
  userIds: readonly number[]
  /** The window to start from: a membership's own when its dates are changed; open otherwise. */
  initial?: WindowValues
  /** The form's own fields' problems (a group not chosen yet), checked before the window. */
  check?: () => Problems
  /** Sends the members; a rejection keeps every input and shows the server's reason. */
  send: (members: MembersAdd['members']) => Promise<unknown>
}

/**
 * The state of a form that adds people to a group with one optional window (a group's "Add
 * members", a person's "Add to group"): the window's values, each field's problem once the form
 * was submitted, the server's refusal, and focus on the first problem, as every form has them.
 */
export function useMembershipForm({ userIds, initial, check, send }: MembershipFormOptions) {
  const { LL } = useI18nContext()
  const formRef = useRef<HTMLFormElement | null>(null)
  const failureRef = useRef<HTMLDivElement | null>(null)
  const [dates, setDates] = useState<WindowValues>(initial ?? openWindow)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<FormFailure | null>(null)
  const [focusNext, setFocusNext] = useState<{ target: string } | null>(null)

  // The form's own fields first, as they come first on screen: the first problem gets focus.
  const verdict = (values: WindowValues) => {
    const found = checkMembership(userIds, values)
    const membership: MembershipProblems = found.ok ? {} : found.problems
    const problems: Problems = { ...check?.(), ...membership }
    const first = Object.keys(problems).find((field) => problems[field] !== undefined)
    return { problems, first, members: found.ok ? found.members : null }
  }
  const problems = submitted ? verdict(dates).problems : {}

  useEffect(() => {
    if (!focusNext) return
    const { target } = focusNext
    if (target === 'failure') failureRef.current?.focus()
    else
      formRef.current
        ?.querySelector<HTMLElement>(`[name="${target}"], [data-field="${target}"]`)
        ?.focus()
  }, [focusNext])

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (saving) return
    setSubmitted(true)
    const { first, members } = verdict(dates)
    if (first !== undefined || members === null) {
      setFocusNext({ target: first ?? 'people' })
      return
    }
    setSaving(true)
    setFailure(null)
    try {
      await send(members)
    } catch (error) {
      setFailure(formFailure(error))
      setFocusNext({ target: 'failure' })
    } finally {
      setSaving(false)
    }
  }

  return {
    formRef,
    failureRef,
    dates,
    saving,
    set: (field: WindowField, value: string) => setDates((prev) => ({ ...prev, [field]: value })),
    /** A field's problem in words, or null: shown once the form was submitted. */
    error: (field: string): string | null => {
      const problem = problems[field]
      return problem ? problemText(LL, problem) : null
    },
    /** The server's refusal in words, or null. */
    failure: failure ? failureText(LL, failure) : null,
    submit,
  }
}
