import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchOrganizationPage } from '../../api/organizations'
import { myPermissionsQuery, rolePermissionsQuery } from '../../api/users'
import { resources, scopeOf } from '../../contract/permissions'
import type { UserInput } from '../../contract/users'
import { useSession } from '../../session/session-context'
import { Checkbox } from '../../ui/checkbox'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { CheckboxMatrix } from '../../ui/checkbox-matrix'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { CenteredSpinner } from '../../ui/loading'
import { Notice } from '../../ui/notice'
import { Select } from '../../ui/select'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { grantableRoles, grantMatrix, userForm, type FormValues } from './user-form-model'
import { roleName } from '../../lib/role-name'
import * as styles from './users.css'

interface UserFormProps extends EntityFormProps<FormValues, UserInput> {
  /** Why the Disabled box cannot be ticked here (one's own account), or absent when it can. */
  disableRefusal?: string
}

const organizationsQuery = {
  queryKey: ['organizations', 'list', 'user-form'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchOrganizationPage(
      { start: 0, length: 500, order_by: 'name', order_direction: 'asc', search: '' },
      signal,
    ),
}

/** Loads what the form offers (roles, the caller's permissions, organizations), then shows it. */
export function UserForm(props: UserFormProps) {
  const { LL } = useI18nContext()
  const roles = useQuery(rolePermissionsQuery)
  const held = useQuery(myPermissionsQuery)
  const organizations = useQuery(organizationsQuery)
  if (roles.isError || held.isError || organizations.isError)
    return <Notice tone="danger">{LL.users.loadFailed()}</Notice>
  if (!roles.data || !held.data || !organizations.data)
    return <CenteredSpinner label={LL.common.loading()} />
  return (
    <UserFields
      {...props}
      roles={roles.data.data}
      held={held.data.permissions}
      organizations={organizations.data.data}
    />
  )
}

interface UserFieldsProps extends UserFormProps {
  roles: { role: string; permissions: string[] }[]
  held: string[]
  organizations: { organization_id: number; name: string; client_ids: string[] }[]
}

function UserFields(props: UserFieldsProps) {
  const { initial, label, submitLabel, onSubmit, extraActions, onCancel, held } = props
  const { disableRefusal } = props
  const { LL } = useI18nContext()
  const { user } = useSession()
  // An organization-scoped admin creates users in their own organization only (the server agrees).
  const ownOnly = scopeOf(held, 'users', 'create') !== 'all'
  const ownId = user ? String(user.organization_id) : ''
  const organizations = ownOnly
    ? props.organizations.filter((o) => String(o.organization_id) === ownId)
    : props.organizations
  const start =
    ownOnly && initial.organization_id === '' ? { ...initial, organization_id: ownId } : initial
  const form = useContractForm(userForm.struct, start, { ...userForm, onSubmit })
  const roles = useMemo(() => grantableRoles(held, props.roles), [held, props.roles])
  const matrix = useMemo(() => grantMatrix(held), [held])
  const chosen = organizations.find(
    (o) => String(o.organization_id) === form.values.organization_id,
  )
  const scopeLabel = { all: LL.users.scopeAll(), org: LL.users.scopeOrg() }
  const actionLabel = {
    read: LL.users.read(),
    create: LL.users.createRight(),
    update: LL.users.update(),
  }

  const chooseRole = (role: string) => {
    form.set('roles', role === '' ? [] : [role])
    // Choosing a role pre-fills its permissions; the matrix adjusts them afterwards.
    const permissions = roles.find((r) => r.role === role)?.permissions
    if (permissions) form.set('permissions', [...permissions])
  }

  const chooseOrganization = (id: string) => {
    form.set('organization_id', id)
    const clients = organizations.find((o) => String(o.organization_id) === id)?.client_ids ?? []
    form.set(
      'client_ids',
      form.values.client_ids.filter((c) => clients.includes(c)),
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
      <Select
        name="organization_id"
        label={LL.users.organization()}
        required
        value={form.values.organization_id}
        placeholder={ownOnly ? undefined : LL.users.chooseOrganization()}
        options={organizations.map((o) => ({ value: String(o.organization_id), label: o.name }))}
        error={form.error('organization_id')}
        onChange={(event) => chooseOrganization(event.target.value)}
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
      <CheckboxMatrix
        name="permissions"
        legend={LL.users.permissions()}
        hint={LL.users.permissionsHint()}
        rows={resources.map((resource) => ({
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
        error={form.error('permissions')}
      />
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
    </FormFrame>
  )
}
