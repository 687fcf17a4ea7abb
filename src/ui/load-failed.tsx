import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import { errorText } from './data-table/error-text'
import { Notice } from './notice'

/**
 * A screen's data could not be loaded: what happened in plain words and a way to try again. One
 * component, so every detail, edit and drawer says the same about the same fault.
 */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Notice tone="danger">
      {errorText(LL, error)}{' '}
      <Button size="sm" onClick={onRetry}>
        {LL.common.retry()}
      </Button>
    </Notice>
  )
}
