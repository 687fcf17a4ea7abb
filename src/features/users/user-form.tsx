import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationDetail } from '../../api/organizations'
import { organizationPicker } from '../../api/pickers'
import { myPermissionsQuery, rolePermissionsQuery } from '../../api/users'
import { scopeOf, type Action } from '../../contract/permissions'
import type { UserEdit } from '../../contract/users'
import { useSession } from '../../session/session-context'
import { Checkbox } from '../../ui/checkbox'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { CheckboxMatrix } from '../../ui/checkbox-matrix'
import { Combobox } from '../../ui/combobox/combobox'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { CenteredSpinner } from '../../ui/loading'
import { Notice } from '../../ui/notice'
import { Select } from '../../ui/select'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import {
  editUserForm,
  grantableRoles,
  grantMatrix,
  matrixGroups,
  userForm,
  type FormValues,
} from './user-form-model'
import { roleName } from '../../lib/role-name'
import * as styles from './users.css'

interface UserFormProps extends EntityFormProps<FormValues, UserEdit> {
  /** Why the Disabled box cannot be ticked here (one's own account), or absent when it can. */
  disableRefusal?: string
  /** The edit form: "E-mail confirmed" and "Phone confirmed" (decision 074). */
  confirmations?: boolean
}

const idOf = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : 0)

/** Loads what the form offers (roles, the caller's permissions), then shows it. */
export function UserForm(props: UserFormProps) {
  const { LL } = useI18nContext()
  const roles = useQuery(rolePermissionsQuery)
  const held = useQuery(myPermissionsQuery)
  if (roles.isError || held.isError) return <Notice tone="danger">{LL.users.loadFailed()}</Notice>
  if (!roles.data || !held.data) return <CenteredSpinner label={LL.common.loading()} />
  return <UserFields {...props} roles={roles.data.data} held={held.data.permissions} />
}

interface UserFieldsProps extends UserFormProps {
  roles: { role: string; permissions: string[] }[]
  held: string[]
}

function UserFields(props: UserFieldsProps) {
  const { initial, label, submitLabel, onSubmit, extraActions, onCancel, held } = props
  const { disableRefusal, confirmations = false } = props
  const { LL } = useI18nContext()
  const { user } = useSession()
  const client = useQueryClient()
  // An organization-scoped admin creates users in their own organization only (the server agrees,
  // and its organization list shows them only their own).
  const ownOnly = scopeOf(held, 'users', 'create') !== 'all'
  const ownId = user ? String(user.organization_id) : ''
  const start =
    ownOnly && initial.organization_id === '' ? { ...initial, organization_id: ownId } : initial
  const options = confirmations ? editUserForm : userForm
  const form = useContractForm(options.struct, start, { ...options, onSubmit })
  const roles = useMemo(() => grantableRoles(held, props.roles), [held, props.roles])
  const matrices = useMemo(
    () =>
      matrixGroups
        .map((group) => grantMatrix(held, group))
        .filter((matrix) => matrix.columns.length > 0),
    [held],
  )
  const organizationId = idOf(form.values.organization_id)
  const chosen = useQuery({
    ...organizationDetail(organizationId),
    enabled: organizationId > 0,
  }).data
  const scopeLabel = { all: LL.users.scopeAll(), org: LL.users.scopeOrg() }
  const actionLabel: Record<Action, string> = {
    read: LL.users.read(),
    create: LL.users.createRight(),
    update: LL.users.update(),
    start: LL.users.startRight(),
    release: LL.users.releaseRight(),
    override: LL.users.overrideRight(),
  }
  const groupLegend = { records: LL.users.permissions(), lockdown: LL.users.lockdownRights() }

  const chooseRole = (role: string) => {
    form.set('roles', role === '' ? [] : [role])
    // Choosing a role pre-fills its permissions; the matrix adjusts them afterwards.
    const permissions = roles.find((r) => r.role === role)?.permissions
    if (permissions) form.set('permissions', [...permissions])
  }

  const chooseOrganization = async (id: string) => {
    form.set('organization_id', id)
    const kept = form.values.client_ids
    if (kept.length === 0) return
    if (idOf(id) === 0) return form.set('client_ids', [])
    // Only clients the new organization also has stay chosen; unread, the server judges them.
    const clients = await client.fetchQuery(organizationDetail(idOf(id))).then(
      (organization) => organization.client_ids,
      () => kept,
    )
    form.set(
      'client_ids',
      kept.filter((c) => clients.includes(c)),
    )
  }

  return (
    <FormFrame
      form={form}
      label={label}
      submitLabel={submitLabel}
      onCancel={onCancel}
      extraActions={extraActions}
    >
      <div className={styles.fieldRow}>
        <Select
          name="title"
          label={LL.users.titleLabel()}
          value={form.values.title}
          options={[
            { value: '', label: LL.users.noTitle() },
            { value: 'Mr.', label: LL.users.mr() },
            { value: 'Ms.', label: LL.users.ms() },
          ]}
          error={form.error('title')}
          onChange={(event) => {
            const value = event.target.value
            form.set('title', value === 'Mr.' || value === 'Ms.' ? value : '')
          }}
        />
        <TextField
          label={LL.users.firstName()}
          autoComplete="off"
          {...fieldProps(form, 'first_name')}
        />
        <TextField
          label={LL.users.lastName()}
          autoComplete="off"
          {...fieldProps(form, 'last_name')}
        />
      </div>
      <TextField
        label={LL.users.username()}
        required
        autoComplete="off"
        spellCheck={false}
        {...fieldProps(form, 'username')}
      />
      <TextField
        type="email"
        label={LL.users.email()}
        required
        autoComplete="off"
        {...fieldProps(form, 'email')}
      />
      <TextField
        type="tel"
        label={LL.users.phone()}
        autoComplete="off"
        {...fieldProps(form, 'phone_number')}
      />
      <Combobox
        name="organization_id"
        label={LL.users.organization()}
        required
        placeholder={LL.users.chooseOrganization()}
        source={organizationPicker}
        value={form.values.organization_id}
        error={form.error('organization_id')}
        onChange={(value) => void chooseOrganization(value)}
        onBlur={() => form.blur('organization_id')}
      />
      <Select
        name="roles"
        label={LL.users.roles()}
        hint={LL.users.roleHint()}
        required
        value={form.values.roles[0] ?? ''}
        placeholder={LL.users.chooseRole()}
        options={roles.map((r) => ({ value: r.role, label: roleName(LL, r.role) }))}
        error={form.error('roles')}
        onChange={(event) => chooseRole(event.target.value)}
        onBlur={() => form.blur('roles')}
      />
      {matrices.map((matrix, index) => (
        <CheckboxMatrix
          key={matrix.key}
          // The form layer focuses a permissions problem on the first matrix's first box.
          name={index === 0 ? 'permissions' : `permissions-${matrix.key}`}
          legend={groupLegend[matrix.key]}
          hint={index === 0 ? LL.users.permissionsHint() : undefined}
          rows={matrix.resources.map((resource) => ({
            key: resource,
            label: LL.users.resources[resource](),
          }))}
          columns={matrix.columns.map((column) => ({
            key: column.key,
            label: LL.users.matrixColumn({
              action: actionLabel[column.action],
              scope: scopeLabel[column.scope],
            }),
          }))}
          cellValue={matrix.cellValue}
          value={form.values.permissions}
          onChange={(value) => form.set('permissions', value)}
          error={index === 0 ? form.error('permissions') : undefined}
        />
      ))}
      <CheckboxGroup
        name="client_ids"
        legend={LL.users.clients()}
        hint={chosen && chosen.client_ids.length === 0 ? LL.users.noClients() : undefined}
        options={(chosen?.client_ids ?? []).map((c) => ({ value: c, label: c }))}
        value={form.values.client_ids}
        onChange={(value) => form.set('client_ids', value)}
        error={form.error('client_ids')}
      />
      <TextArea label={LL.users.notes()} {...fieldProps(form, 'notes')} />
      <Checkbox
        name="disabled"
        label={LL.users.disabled()}
        checked={form.values.disabled}
        // Left enabled once ticked, so a box ticked elsewhere can still be cleared here.
        disabled={disableRefusal !== undefined && !form.values.disabled}
        hint={disableRefusal}
        error={form.error('disabled')}
        onCheckedChange={(checked) => form.set('disabled', checked)}
      />
      {confirmations ? (
        <>
          <Checkbox
            name="email_confirmed"
            label={LL.users.emailConfirmed()}
            checked={form.values.email_confirmed}
            hint={LL.confirmation.emailHint()}
            error={form.error('email_confirmed')}
            onCheckedChange={(checked) => form.set('email_confirmed', checked)}
          />
          <Checkbox
            name="phone_confirmed"
            label={LL.users.phoneConfirmed()}
            checked={form.values.phone_confirmed}
            error={form.error('phone_confirmed')}
            onCheckedChange={(checked) => form.set('phone_confirmed', checked)}
          />
        </>
      ) : null}
    </FormFrame>
  )
}
