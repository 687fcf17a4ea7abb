import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isApiError } from '../../api/client'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as fieldStyles from '../../ui/text-field.css'
import {
  addClient,
  problemOf,
  problemText,
  validateOrganization,
  type FieldProblems,
  type FormField,
  type FormValues,
  type Problem,
} from './organization-form-model'
import type { OrganizationInput } from '../../contract/organizations'
import * as styles from './organizations.css'

interface OrganizationFormProps {
  initial: FormValues
  submitLabel: string
  /** Rejects with the API error; the form keeps the input and shows it. */
  onSubmit: (input: OrganizationInput) => Promise<unknown>
  /** Extra actions after Cancel, e.g. Delete on the edit page. */
  extraActions?: ReactNode
  onCancel: () => void
}

const fieldNames: readonly FormField[] = ['name', 'description', 'client_ids']

/** A server 400/409 that names one of our fields is shown at that field; anything else above the form. */
function serverProblem(error: unknown): { field: FormField; problem: Problem } | null {
  const body = isApiError(error) ? error.body : null
  const field = fieldNames.find((name) => name === body?.field)
  if (!body || !field) return null
  const problem = problemOf(body.message)
  return problem.kind === 'unknown' ? null : { field, problem }
}

export function OrganizationForm(props: OrganizationFormProps) {
  const { initial, submitLabel, onSubmit, extraActions, onCancel } = props
  const { LL } = useI18nContext()
  const id = useId()
  const clientErrorId = `${id}-clients-error`
  const [values, setValues] = useState(initial)
  const [clientDraft, setClientDraft] = useState('')
  const [problems, setProblems] = useState<FieldProblems>({})
  const [clientProblem, setClientProblem] = useState<Problem | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  // After the first submit, problems follow the input as it is corrected.
  const change = (next: FormValues) => {
    setValues(next)
    if (submitted) {
      const result = validateOrganization(next)
      setProblems(result.ok ? {} : result.problems)
    }
  }

  const add = () => {
    const result = addClient(values.client_ids, clientDraft)
    if (!result.ok) {
      setClientProblem(result.problem)
      return
    }
    setClientProblem(null)
    setClientDraft('')
    change({ ...values, client_ids: result.clientIds })
  }

  const onClientKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    add()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    setFailure(null)
    const result = validateOrganization(values)
    if (!result.ok) {
      setProblems(result.problems)
      const first = fieldNames.find((name) => result.problems[name])
      const target = first === 'client_ids' ? 'client-draft' : first
      if (target) event.currentTarget.querySelector<HTMLElement>(`[name="${target}"]`)?.focus()
      return
    }
    setProblems({})
    setSaving(true)
    try {
      await onSubmit(result.input)
    } catch (error) {
      const known = serverProblem(error)
      if (known) setProblems({ [known.field]: known.problem })
      else setFailure(LL.errors.default_error())
    } finally {
      setSaving(false)
    }
  }

  const text = (field: FormField) => {
    const problem = problems[field]
    return problem ? problemText(LL, problem) : null
  }
  const clientsError = clientProblem ? problemText(LL, clientProblem) : text('client_ids')

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {failure ? <Notice tone="danger">{failure}</Notice> : null}
      <TextField
        name="name"
        label={LL.organizations.name()}
        value={values.name}
        required
        autoComplete="off"
        error={text('name')}
        onChange={(event) => change({ ...values, name: event.target.value })}
      />
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={`${id}-description`}>
          {LL.organizations.description()}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          className={fieldStyles.input}
          value={values.description}
          aria-invalid={problems.description ? true : undefined}
          onChange={(event) => change({ ...values, description: event.target.value })}
        />
        {problems.description ? (
          <span className={fieldStyles.error}>{text('description')}</span>
        ) : null}
      </div>
      <fieldset
        className={styles.fieldset}
        aria-describedby={clientsError ? clientErrorId : undefined}
      >
        <legend className={styles.legend}>{LL.organizations.clients()}</legend>
        {values.client_ids.length === 0 ? (
          <p className={styles.hint}>{LL.organizations.noClients()}</p>
        ) : (
          <ul className={styles.clientList}>
            {values.client_ids.map((client) => (
              <li key={client} className={styles.chip}>
                {client}
                <Button
                  tone="ghost"
                  size="sm"
                  aria-label={LL.organizations.removeClient({ client })}
                  onClick={() =>
                    change({ ...values, client_ids: values.client_ids.filter((c) => c !== client) })
                  }
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.clientRow}>
          <TextField
            className={styles.clientInput}
            name="client-draft"
            label={LL.organizations.clientId()}
            hint={LL.organizations.clientHint()}
            value={clientDraft}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={clientsError ? true : undefined}
            onChange={(event) => {
              setClientDraft(event.target.value)
              setClientProblem(null)
            }}
            onKeyDown={onClientKey}
          />
          <Button tone="secondary" onClick={add}>
            {LL.organizations.addClient()}
          </Button>
        </div>
        {clientsError ? (
          <span id={clientErrorId} className={styles.fieldError} role="alert">
            {clientsError}
          </span>
        ) : null}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? LL.organizations.saving() : submitLabel}
        </Button>
        <Button tone="secondary" onClick={onCancel}>
          {LL.common.cancel()}
        </Button>
        <span className={styles.spacer} />
        {extraActions}
      </div>
    </form>
  )
}
