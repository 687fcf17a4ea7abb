import { useI18nContext } from '../../../i18n/i18n-react'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice } from '../../ui/notice'
import { Page } from '../../ui/page'
import type { useUserDetail } from './use-user-detail'

/** What a user page shows until its user is there: not found, a failure to retry, or loading. */
export function UserPageState({
  title,
  detail,
}: {
  title: string
  detail: ReturnType<typeof useUserDetail>
}) {
  const { LL } = useI18nContext()
  if (detail.missing)
    return (
      <Page title={title}>
        <Notice tone="warning">{LL.users.notFound()}</Notice>
      </Page>
    )
  if (detail.query.isError)
    return (
      <Page title={title}>
        <LoadFailed error={detail.query.error} onRetry={() => void detail.query.refetch()} />
      </Page>
    )
  return <CenteredSpinner label={LL.common.loading()} />
}
