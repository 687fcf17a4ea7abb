import { useI18nContext } from '../../../i18n/i18n-react'
import { exceptionEffects, type Calendar } from '../../contract/access-model'
import { Checkbox } from '../../ui/checkbox'
import { Dialog } from '../../ui/dialog'
import { fieldProps } from '../../ui/form/field-props'
import { useContractForm } from '../../ui/form/use-contract-form'
import * as fieldset from '../../ui/fieldset.css'
import { showToast } from '../../ui/notice'
import { Select } from '../../ui/select'
import { TextField } from '../../ui/text-field'
import { DialogForm } from './dialog-form'
import { exceptionForm, newException, type ExceptionKind } from './exception-form-model'
import { useUpdateCalendar } from './use-calendar-mutations'
import * as styles from './calendars.css'

interface ExceptionDialogProps {
  calendar: Calendar
  open: boolean
  onClose: () => void
}

/** "Add exception…": one more closed (or open) date, or a recurrence, on the calendar. */
export function ExceptionDialog({ calendar, open, onClose }: ExceptionDialogProps) {
  const { LL } = useI18nContext()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LL.calendars.exceptionTitle()}
      description={LL.calendars.exceptionIntro()}
      hideClose
    >
      {open ? <ExceptionFields calendar={calendar} onClose={onClose} /> : null}
    </Dialog>
  )
}

const kinds: readonly ExceptionKind[] = ['date', 'rrule']

function ExceptionFields({ calendar, onClose }: { calendar: Calendar; onClose: () => void }) {
  const { LL } = useI18nContext()
  const update = useUpdateCalendar(calendar.calendar_id)
  const form = useContractForm(exceptionForm.struct, newException, {
    ...exceptionForm,
    onSubmit: async (exception) => {
      await update.mutateAsync({ exceptions: [...calendar.exceptions, exception] })
      const name = exception.name ?? exception.date ?? exception.rrule ?? ''
      showToast(LL.calendars.exception_added({ name }))
      onClose()
    },
  })
  const { values } = form
  const kindLabels: Record<ExceptionKind, string> = {
    date: LL.calendars.onDate(),
    rrule: LL.calendars.recurring(),
  }
  return (
    <DialogForm
      form={form}
      label={LL.calendars.exceptionTitle()}
      submitLabel={LL.calendars.add()}
      onCancel={onClose}
    >
      <TextField
        label={LL.calendars.exceptionName()}
        autoComplete="off"
        autoFocus
        {...fieldProps(form, 'name')}
      />
      <fieldset className={fieldset.fieldset}>
        <legend className={fieldset.legend}>{LL.calendars.kind()}</legend>
        <div className={styles.radios}>
          {kinds.map((kind) => (
            <label key={kind} className={styles.radio}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={values.kind === kind}
                onChange={() => form.set('kind', kind)}
              />
              {kindLabels[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      {values.kind === 'date' ? (
        <TextField type="date" label={LL.calendars.date()} required {...fieldProps(form, 'date')} />
      ) : (
        <div className={styles.row}>
          <TextField
            className={styles.grow}
            label={LL.calendars.rrule()}
            hint={LL.calendars.rruleHint()}
            required
            autoComplete="off"
            spellCheck={false}
            {...fieldProps(form, 'rrule')}
            // The contract blames a missing date or rule on `date`: here that is this field.
            error={form.error('rrule') ?? form.error('date')}
            data-field="date"
          />
          <TextField
            type="date"
            label={LL.calendars.dtstart()}
            required
            {...fieldProps(form, 'dtstart')}
          />
        </div>
      )}
      <Checkbox
        name="wholeDay"
        label={LL.calendars.wholeDay()}
        hint={LL.calendars.wholeDayHint()}
        checked={values.wholeDay}
        onCheckedChange={(checked) => form.set('wholeDay', checked)}
      />
      {values.wholeDay ? null : (
        <div className={styles.row}>
          <TextField type="time" label={LL.calendars.from()} {...fieldProps(form, 'start')} />
          <TextField type="time" label={LL.calendars.until()} {...fieldProps(form, 'end')} />
        </div>
      )}
      <Select
        name="effect"
        label={LL.calendars.effect()}
        options={exceptionEffects.map((effect) => ({
          value: effect,
          label: LL.calendars.effects[effect](),
        }))}
        value={values.effect}
        onChange={(event) => {
          const effect = exceptionEffects.find((e) => e === event.target.value)
          if (effect) form.set('effect', effect)
        }}
      />
    </DialogForm>
  )
}
