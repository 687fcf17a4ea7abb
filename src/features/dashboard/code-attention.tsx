import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { expiringCodesOptions } from '../../api/lock-sync'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { wallTime, zoneCity } from '../../lib/code-text'
import { useSession } from '../../session/session-context'
import * as styles from './needs-attention.css'
import type { WalkItem } from './walk-list'

/**
 * Offline codes that end within 14 days (decision 073), each opening Reissue on its credential's
 * page; only for those who may change credentials, as Reissue needs.
 */
export function useExpiringCodes(): WalkItem[] {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const { data } = useQuery({
    ...expiringCodesOptions,
    enabled: can(needs('credentials', 'update')),
  })
  return (data?.codes ?? []).map((code) => ({
    key: `code-${code.code_id}`,
    href: `${pathTo('credentials-edit', { id: code.credential_id })}?reissue=${code.credential_id}`,
    content: (
      <>
        <span className={styles.name}>{code.user_email ?? ''}</span>
        <span className={styles.detail}>
          {LL.lockSync.expiringLine({
            device: code.device_name,
            until: `${wallTime(code.valid_until, code.time_zone)} (${zoneCity(code.time_zone)})`,
          })}
        </span>
      </>
    ),
  }))
}
