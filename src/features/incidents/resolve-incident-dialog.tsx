import { useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { incidentKeys, resolveIncident } from '../../api/incidents'
import { refetchAfterWrite } from '../../api/queries'
import { IncidentResolve, type Incident } from '../../contract/alerts'
import { Dialog } from '../../ui/dialog'
import { DialogForm } from '../../ui/form/dialog-form'
import { useContractForm } from '../../ui/form/use-contract-form'
import { showToast } from '../../ui/notice'
import { TextArea } from '../../ui/text-area'

/**
 * "Resolve…": a note on what was done, focused when the dialog opens; Ctrl/⌘+Enter resolves. A
 * refusal (resolved meanwhile: 409 `state`) shows above the note, which keeps what was typed.
 */
export function ResolveIncidentDialog({
  incident,
  onClose,
}: {
  incident: Incident
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const words = { rule: incident.rule_name, subject: incident.subject.name }
  const form = useContractForm(
    IncidentResolve,
    { note: '' },
    {
      onSubmit: async (input) => {
        await resolveIncident(incident.incident_id, input)
        await refetchAfterWrite(client, incidentKeys, { kind: 'saved' })
        showToast(LL.incidents.resolved_notice(words))
        onClose()
      },
    },
  )
  const title = LL.incidents.resolveTitle(words)
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || form.saving ? undefined : onClose())}
      title={title}
      description={LL.incidents.resolveBody()}
      hideClose
    >
      <DialogForm
        form={form}
        label={title}
        submitLabel={LL.incidents.resolveConfirm()}
        onCancel={onClose}
      >
        <TextArea
          label={LL.incidents.note()}
          name="note"
          value={form.values.note}
          maxLength={2000}
          onChange={(event) => form.set('note', event.target.value)}
          onBlur={() => form.blur('note')}
          error={form.error('note')}
          autoFocus
        />
      </DialogForm>
    </Dialog>
  )
}
