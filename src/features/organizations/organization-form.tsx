import { useId, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { OrganizationInput } from '../../contract/organizations'
import type { Problem } from '../../contract/rules'
import { Button } from '../../ui/button'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { problemText } from '../../ui/form/problem-text'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { TimeZoneField } from '../../ui/time-zone-field'
import { addClient, organizationForm, type FormValues } from './organization-form-model'
import * as styles from './organizations.css'

// The client list is edited through its own text field, which is what gets focus for its problems.
const focusTargets = { client_ids: 'client-draft' }

export function OrganizationForm(props: EntityFormProps<FormValues, OrganizationInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const clientErrorId = `${useId()}-clients-error`
  const form = useContractForm(organizationForm.struct, initial, {
    ...organizationForm,
    focusTargets,
    onSubmit,
  })
  const [clientDraft, setClientDraft] = useState('')
  const [clientProblem, setClientProblem] = useState<Problem | null>(null)

  const add = () => {
    const result = addClient(form.values.client_ids, clientDraft)
    if (!result.ok) {
      setClientProblem(result.problem)
      return
    }
    setClientProblem(null)
    setClientDraft('')
    form.set('client_ids', result.clientIds)
  }

  // Enter adds the typed client; with nothing typed it is left to submit the form.
  const onClientKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || clientDraft.trim() === '') return
    event.preventDefault()
    add()
  }

  const clientsError = clientProblem ? problemText(LL, clientProblem) : form.error('client_ids')

  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.organizations.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <TextArea label={LL.organizations.description()} {...fieldProps(form, 'description')} />
      <fieldset
        className={styles.fieldset}
        aria-describedby={clientsError ? clientErrorId : undefined}
      >
        <legend className={styles.legend}>{LL.organizations.clients()}</legend>
        {form.values.client_ids.length === 0 ? (
          <p className={styles.hint}>{LL.organizations.noClients()}</p>
        ) : (
          <ul className={styles.clientList}>
            {form.values.client_ids.map((client) => (
              <li key={client} className={styles.chip}>
                {client}
                <Button
                  tone="ghost"
                  size="sm"
                  aria-label={LL.organizations.removeClient({ client })}
                  onClick={() =>
                    form.set(
                      'client_ids',
                      form.values.client_ids.filter((c) => c !== client),
                    )
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
      <TimeZoneField
        hint={LL.timeZones.organizationHint()}
        value={form.values.time_zone}
        error={form.error('time_zone')}
        onChange={(zone) => form.set('time_zone', zone)}
        onBlur={() => form.blur('time_zone')}
      />
    </FormFrame>
  )
}
