import { useId, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { ImportAnswerRow } from './import-kind'
import { fieldLabel, rowProblemText } from './import-model'
import * as styles from './import.css'

// Rows shown in a table at most: the rest are in the results file, so the dialog stays light with
// a file of thousands of refused rows.
const SHOWN_ROWS = 200

interface RowTableProps {
  rows: readonly ImportAnswerRow[]
}

/** A scrolling region a keyboard can reach and scroll, named by its table's caption. */
function Region({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  )
}

function More({ rows }: RowTableProps) {
  const { LL } = useI18nContext()
  return rows.length > SHOWN_ROWS ? (
    <p className={styles.hint}>{LL.csv.import.more({ count: rows.length - SHOWN_ROWS })}</p>
  ) : null
}

/** The refused rows: line, column (in the user's language) and the reason by its rule code. */
export function ErrorRows({ rows }: RowTableProps) {
  const { LL } = useI18nContext()
  const captionId = useId()
  if (rows.length === 0) return null
  const words = LL.csv.import
  return (
    <>
      <Region captionId={captionId}>
        <table className={styles.table} data-testid="import-errors">
          <caption id={captionId} className={styles.caption}>
            {words.errorsCaption()}
          </caption>
          <thead>
            <tr>
              <th className={styles.cell}>{words.line()}</th>
              <th className={styles.cell}>{words.field()}</th>
              <th className={styles.cell}>{words.message()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line}>
                <td className={styles.cell}>{row.line}</td>
                <td className={styles.cell}>{fieldLabel(LL, row.error?.field)}</td>
                <td className={`${styles.cell} ${styles.refusal}`}>
                  {row.error ? rowProblemText(LL, row.error) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Region>
      <More rows={rows} />
    </>
  )
}

/** The rows that would change what exists: line and the changed columns. */
export function ChangedRows({ rows }: RowTableProps) {
  const { LL } = useI18nContext()
  const captionId = useId()
  if (rows.length === 0) return null
  const words = LL.csv.import
  return (
    <>
      <Region captionId={captionId}>
        <table className={styles.table} data-testid="import-changes">
          <caption id={captionId} className={styles.caption}>
            {words.changesCaption()}
          </caption>
          <thead>
            <tr>
              <th className={styles.cell}>{words.line()}</th>
              <th className={styles.cell}>{words.changes()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line}>
                <td className={styles.cell}>{row.line}</td>
                <td className={styles.cell}>
                  {row.changes.map((field) => fieldLabel(LL, field)).join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Region>
      <More rows={rows} />
    </>
  )
}
