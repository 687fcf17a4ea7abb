import { useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { FloorDeep } from '../../contract/locations'
import { Dialog } from '../../ui/dialog'
import { fieldProps } from '../../ui/form/field-props'
import { FormActions } from '../../ui/form/form-frame'
import { formKey } from '../../ui/form/form-keys'
import { useContractForm } from '../../ui/form/use-contract-form'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import { floorForm, floorValuesOf, newFloorValues, type FloorFields } from './floor-form-model'
import * as styles from './locations.css'
import { useSpaceWrite } from './use-space-mutations'

/** What the dialog edits: a new floor of a location, or one of its floors. */
export type FloorTarget = { floor: FloorDeep | null }

interface FloorDialogProps {
  locationId: number
  floors: readonly FloorDeep[]
  target: FloorTarget | null
  onClose: () => void
  /** After the save, with the floor's id and name: the tree focuses it. */
  onSaved: (floorId: number, name: string) => void
  /** After a save, once the closing dialog has let go of focus: the tree focuses the floor now. */
  onFocusSaved: () => void
}

/** The floor form: its name and its position (the storey, negative below ground). */
export function FloorDialog(props: FloorDialogProps) {
  const { target, onClose } = props
  const { LL } = useI18nContext()
  const floor = target?.floor ?? null
  const saved = useRef(false)
  const onSaved = (floorId: number, name: string) => {
    saved.current = true
    props.onSaved(floorId, name)
  }
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={floor ? LL.locations.editFloor({ name: floor.name }) : LL.locations.newFloor()}
      hideClose
      // After a save the tree focuses the saved floor; after a cancel focus returns to the opener.
      onCloseAutoFocus={(event) => {
        if (saved.current) {
          event.preventDefault()
          props.onFocusSaved()
        }
        saved.current = false
      }}
    >
      {target ? <FloorFieldsForm {...props} floor={floor} onSaved={onSaved} /> : null}
    </Dialog>
  )
}

function FloorFieldsForm(props: FloorDialogProps & { floor: FloorDeep | null }) {
  const { locationId, floors, floor, onClose, onSaved } = props
  const { LL } = useI18nContext()
  const save = useSpaceWrite()
  const initial = floor ? floorValuesOf(floor) : newFloorValues(floors)
  const form = useContractForm(floorForm.struct, initial, {
    ...floorForm,
    onSubmit: async ({ name, position }: FloorFields) => {
      if (floor) {
        await save.mutateAsync({ op: 'update', kind: 'floor', id: floor.floor_id, name, position })
        onSaved(floor.floor_id, name)
        return
      }
      const id = await save.mutateAsync({ op: 'create', kind: 'floor', locationId, name, position })
      if (id !== null) onSaved(id, name)
    },
  })
  const { formRef, failureRef, failure } = form
  return (
    <form
      ref={formRef}
      className={styles.dialogForm}
      aria-label={floor ? LL.locations.editFloor({ name: floor.name }) : LL.locations.newFloor()}
      noValidate
      onSubmit={(event) => void form.submit(event)}
      onKeyDown={(event) => {
        if (formKey(event) !== 'submit') return
        event.preventDefault()
        void form.submit()
      }}
    >
      {failure ? (
        <Notice tone="danger" ref={failureRef} tabIndex={-1}>
          {failure}
        </Notice>
      ) : null}
      <TextField
        label={LL.locations.name()}
        required
        autoComplete="off"
        autoFocus
        {...fieldProps(form, 'name')}
      />
      <TextField
        type="number"
        inputMode="numeric"
        step={1}
        label={LL.locations.position()}
        hint={LL.locations.positionHint()}
        required
        {...fieldProps(form, 'position')}
      />
      <FormActions
        submitLabel={floor ? LL.common.save() : LL.common.create()}
        saving={form.saving}
        onCancel={onClose}
      />
    </form>
  )
}
