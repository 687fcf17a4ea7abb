import { validate } from 'superstruct'
import { MAX_MEMBERS_PER_REQUEST, MembersAdd, MemberWindow } from '../contract/access-model'
import { requiredId } from '../contract/fields'
import { problemOfFailure, type Problem } from '../contract/rules'
import { object } from '../contract/struct'
import { chunked } from './chunked'

// Adding people to a group with an optional window (decision 065), as the group's "Add members"
// and a person's "Add to group" both ask it: checked with the contract's own structs, so a form
// refuses exactly what the server would and names the same rules.

/** What the two date-and-time fields hold: ISO instants, '' for none. */
export interface WindowValues {
  valid_from: string
  valid_until: string
}

export type WindowField = keyof WindowValues

export const openWindow: WindowValues = { valid_from: '', valid_until: '' }

/** The window as the contract has it: an empty field is no bound. */
export function windowOf(values: WindowValues): MemberWindow {
  return {
    valid_from: values.valid_from === '' ? null : values.valid_from,
    valid_until: values.valid_until === '' ? null : values.valid_until,
  }
}

/** The fields' values for a membership's window as the server answered it. */
export function windowValues(window: MemberWindow): WindowValues {
  return { valid_from: window.valid_from ?? '', valid_until: window.valid_until ?? '' }
}

export type MembershipProblems = Partial<Record<WindowField | 'people', Problem>>

export type MembershipCheck =
  { ok: true; members: MembersAdd['members'] } | { ok: false; problems: MembershipProblems }

/**
 * The members to send for `userIds` with one window, or each field's first problem: a window
 * that ends before it starts, no one chosen, someone twice. More people than one request takes are
 * fine: they are sent in several (api/groups.ts).
 */
export function checkMembership(userIds: readonly number[], values: WindowValues): MembershipCheck {
  const window = windowOf(values)
  const problems: MembershipProblems = {}
  const [windowError] = validate(window, MemberWindow)
  for (const failure of windowError?.failures() ?? []) {
    const field: unknown = failure.path[0]
    if ((field === 'valid_from' || field === 'valid_until') && !problems[field])
      problems[field] = problemOfFailure(failure)
  }
  const members = userIds.map((user_id) => ({ user_id, ...window }))
  // Checked as it is sent: MAX_MEMBERS_PER_REQUEST a request (an empty list is one empty request).
  // The people's own rules are the list's (path ['members']); a member's window, checked above,
  // names its own field.
  const people = (members.length === 0 ? [[]] : chunked(members, MAX_MEMBERS_PER_REQUEST))
    .flatMap((run) => validate({ members: run }, MembersAdd)[0]?.failures() ?? [])
    .find((failure) => failure.path.length === 1 && failure.path[0] === 'members')
  if (people) problems.people = problemOfFailure(people)
  return Object.keys(problems).length === 0 ? { ok: true, members } : { ok: false, problems }
}

/** Which group, as a person's "Add to group" and "Remove from group" ask it: one is required. */
export const GroupChoice = object({ group_id: requiredId('group') })

/** The picker's value ('' for none) as GroupChoice checks it. */
export const groupChoiceOf = (value: string) => ({
  group_id: value === '' ? undefined : Number(value),
})

/** Why `value` names no group, or null when it names one. */
export function groupProblem(value: string): Problem | null {
  const [error] = validate(groupChoiceOf(value), GroupChoice)
  const failure = error?.failures()[0]
  return failure ? problemOfFailure(failure) : null
}
