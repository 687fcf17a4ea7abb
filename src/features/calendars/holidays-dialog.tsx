import { useQueryClient } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { holidayRegionPicker } from '../../api/pickers'
import { HolidaysInput, type Calendar } from '../../contract/access-model'
import { Combobox } from '../../ui/combobox/combobox'
import { usePickedOption } from '../../ui/combobox/use-picker'
import { Dialog } from '../../ui/dialog'
import { fieldProps } from '../../ui/form/field-props'
import { useContractForm } from '../../ui/form/use-contract-form'
import { showToast } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import { DialogForm } from './dialog-form'
import { useAddHolidays } from './use-calendar-mutations'

interface HolidaysDialogProps {
  calendar: Calendar
  open: boolean
  onClose: () => void
}

/** "Add public holidays…": a region's holidays of a year, from the holiday library, as closed days. */
export function HolidaysDialog({ calendar, open, onClose }: HolidaysDialogProps) {
  const { LL } = useI18nContext()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LL.calendars.holidaysTitle()}
      description={LL.calendars.holidaysIntro()}
      hideClose
    >
      {open ? <HolidayFields calendar={calendar} onClose={onClose} /> : null}
    </Dialog>
  )
}

interface HolidayValues {
  /** `DE-BE` once chosen, '' before. */
  region: string
  year: string
}

/** Next year: the holidays a calendar is usually filled with ahead of time. */
const nextYear = () => String(DateTime.now().plus({ years: 1 }).year)

function HolidayFields({ calendar, onClose }: { calendar: Calendar; onClose: () => void }) {
  const { LL, locale } = useI18nContext()
  const client = useQueryClient()
  const regions = useMemo(() => holidayRegionPicker(client, locale), [client, locale])
  const add = useAddHolidays(calendar.calendar_id)
  const initial: HolidayValues = { region: '', year: nextYear() }
  const form = useContractForm(HolidaysInput, initial, {
    fields: ['region', 'year'],
    // The holidays are named in the reader's language, as the regions are.
    prepare: (values) => ({ region: values.region, year: Number(values.year), language: locale }),
    onSubmit: async (input) => {
      const saved = await add.mutateAsync(input)
      const count = saved.exceptions.length - calendar.exceptions.length
      showToast(LL.calendars.holidays_added({ count, region: regionName, year: input.year }))
      onClose()
    },
  })
  const regionName = usePickedOption(regions, form.values.region).option?.label ?? ''
  // No region chosen is the one problem a person meets here: say what to do, not "not valid".
  const regionError =
    form.error('region') && form.values.region === ''
      ? LL.calendars.regionRequired()
      : form.error('region')
  return (
    <DialogForm
      form={form}
      label={LL.calendars.holidaysTitle()}
      submitLabel={LL.calendars.add()}
      onCancel={onClose}
    >
      <Combobox
        name="region"
        label={LL.calendars.region()}
        placeholder={LL.calendars.chooseRegion()}
        source={regions}
        required
        value={form.values.region}
        error={regionError}
        onChange={(value) => form.set('region', value)}
        onBlur={() => form.blur('region')}
      />
      <TextField
        type="number"
        inputMode="numeric"
        step={1}
        label={LL.calendars.year()}
        required
        {...fieldProps(form, 'year')}
      />
    </DialogForm>
  )
}
