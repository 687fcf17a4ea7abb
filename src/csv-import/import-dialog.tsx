import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { refetchAfterWrite } from '../api/queries'
import type { ImportRows } from '../contract/user-import'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { errorText } from '../ui/data-table/error-text'
import { Dialog } from '../ui/dialog'
import { Notice } from '../ui/notice'
import type { FollowUpOutcome, ImportAnswer, ImportKind } from './import-kind'
import { createdIds, tally } from './import-model'
import { downloadResults } from './import-file'
import { ChangedRows, ErrorRows } from './import-tables'
import * as styles from './import.css'

type Step =
  | { kind: 'choose'; error: Error | null }
  | { kind: 'checking' }
  | { kind: 'review'; dry: ImportAnswer; error: Error | null }
  | { kind: 'importing'; dry: ImportAnswer; count: number }
  | { kind: 'following'; result: ImportAnswer; done: number; count: number }
  | { kind: 'done'; result: ImportAnswer; followed: FollowUpOutcome | null }

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

interface ImportDialogProps {
  kind: ImportKind
  open: boolean
  onClose: () => void
}

/**
 * Import `kind` from CSV in steps: choose a file → the server's dry run (nothing written) → what
 * it would do, the refused rows with line, column and reason → import the valid rows, or all rows
 * (all or nothing, offered only while no row is refused) → the result, its per-row file, and the
 * kind's follow-up (the users' invitations) if asked. Focus starts on the file input and moves to
 * each step's heading; a failed request keeps the chosen file and says why. Escape closes except
 * while a write is in flight.
 */
export function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const client = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [follow, setFollow] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null })
  const checking = useRef<AbortController | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const reviewRef = useRef<HTMLHeadingElement>(null)
  const doneRef = useRef<HTMLHeadingElement>(null)
  const words = LL.csv.import
  const own = kind.words(LL)
  const followUp = kind.followUp !== undefined && can(kind.followUp.anyOf) ? kind.followUp : null
  const fileId = `${kind.name}-import-file`
  const allRefusedId = `${kind.name}-import-all-refused`

  // Each step's heading (or, while the import runs, its status line) takes focus as the step
  // arrives; the dry run leaves it on the file input, where a failure returns it.
  const focusOf: Record<Step['kind'], RefObject<HTMLElement | null> | null> = {
    choose: fileRef,
    checking: null,
    review: reviewRef,
    importing: statusRef,
    following: doneRef,
    done: doneRef,
  }
  const target = focusOf[step.kind]
  useEffect(() => {
    target?.current?.focus()
  }, [target])

  const busy = step.kind === 'importing' || step.kind === 'following'
  const close = () => {
    if (busy) return
    checking.current?.abort()
    setFile(null)
    setFollow(false)
    setStep({ kind: 'choose', error: null })
    onClose()
  }

  const check = (chosen: File) => {
    checking.current?.abort()
    const controller = new AbortController()
    checking.current = controller
    setStep({ kind: 'checking' })
    kind
      .send(chosen, { dryRun: true, rows: 'all', signal: controller.signal })
      .then((dry) => setStep({ kind: 'review', dry, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setStep({ kind: 'choose', error: asError(error) })
      })
  }

  const run = async (dry: ImportAnswer, rows: ImportRows) => {
    if (file === null) return
    const counts = tally(dry.results)
    setStep({
      kind: 'importing',
      dry,
      count: dry.results.length - (rows === 'valid' ? counts.error : 0),
    })
    let result: ImportAnswer
    try {
      result = await kind.send(file, { dryRun: false, rows })
    } catch (error) {
      setStep({ kind: 'review', dry, error: asError(error) })
      return
    }
    await refetchAfterWrite(client, kind.keys, { kind: 'saved' })
    const ids = follow && followUp !== null ? createdIds(result) : []
    if (followUp === null || ids.length === 0) {
      setStep({ kind: 'done', result, followed: null })
      return
    }
    let done = 0
    setStep({ kind: 'following', result, done, count: ids.length })
    const followed = await followUp.run(ids, () => {
      done += 1
      setStep({ kind: 'following', result, done, count: ids.length })
    })
    setStep({ kind: 'done', result, followed })
  }

  const count = new Intl.NumberFormat(locale)
  const numbers = (result: ImportAnswer) => {
    const t = tally(result.results)
    return {
      create: count.format(t.create),
      update: count.format(t.update),
      unchanged: count.format(t.unchanged),
      error: t.error,
    }
  }
  const failure = (error: Error | null) =>
    error === null ? null : (
      <Notice tone="danger">{words.failed({ reason: errorText(LL, error) })}</Notice>
    )
  const fileName = file?.name ?? ''

  const body = () => {
    switch (step.kind) {
      case 'choose':
      case 'checking':
        return (
          <>
            <h3 className={styles.heading}>{words.chooseHeading()}</h3>
            <label htmlFor={fileId} className={styles.label}>
              {words.file()}
            </label>
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className={styles.fileInput}
              aria-describedby={`${fileId}-hint`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null
                if (chosen === null) return
                setFile(chosen)
                check(chosen)
              }}
            />
            <p id={`${fileId}-hint`} className={styles.hint}>
              {own.fileHint({
                rows: count.format(kind.limits.rows),
                megabytes: count.format(kind.limits.bytes / (1024 * 1024)),
              })}
            </p>
            {file ? <p className={styles.hint}>{words.chosen({ file: fileName })}</p> : null}
            <p ref={statusRef} tabIndex={-1} role="status" className={styles.summary}>
              {step.kind === 'checking' ? words.checking({ file: fileName }) : ''}
            </p>
            {step.kind === 'choose' ? failure(step.error) : null}
            <div className={styles.actions}>
              <Button tone="secondary" onClick={close}>
                {LL.common.cancel()}
              </Button>
              <Button
                aria-disabled={file === null || step.kind === 'checking' ? true : undefined}
                onClick={() => {
                  if (file !== null && step.kind === 'choose') check(file)
                }}
              >
                {words.check()}
              </Button>
            </div>
          </>
        )
      case 'review':
      case 'importing': {
        const dry = step.dry
        const t = tally(dry.results)
        const valid = dry.results.length - t.error
        return (
          <>
            <h3 ref={reviewRef} tabIndex={-1} className={styles.heading}>
              {words.reviewHeading()}
            </h3>
            <p className={styles.hint}>{words.chosen({ file: fileName })}</p>
            <p className={styles.summary} data-testid="import-summary">
              {words.summary(numbers(dry))}
            </p>
            <ErrorRows rows={dry.results.filter((r) => r.outcome === 'error')} />
            <ChangedRows rows={dry.results.filter((r) => r.outcome === 'update')} />
            {followUp !== null && t.create > 0 ? (
              <Checkbox
                label={followUp.label(LL)}
                hint={followUp.hint(LL)}
                checked={follow}
                onCheckedChange={setFollow}
              />
            ) : null}
            {t.error > 0 ? (
              <p id={allRefusedId} className={styles.hint}>
                {words.allRefused()}
              </p>
            ) : null}
            <p ref={statusRef} tabIndex={-1} role="status" className={styles.summary}>
              {step.kind === 'importing' ? words.importing({ count: step.count }) : ''}
            </p>
            {step.kind === 'review' ? failure(step.error) : null}
            {step.kind === 'review' ? (
              <div className={styles.actions}>
                <Button tone="ghost" onClick={() => void downloadResults(LL, kind, dry)}>
                  {words.download()}
                </Button>
                <Button tone="secondary" onClick={() => setStep({ kind: 'choose', error: null })}>
                  {words.chooseAgain()}
                </Button>
                <Button
                  tone={t.error > 0 ? 'secondary' : 'primary'}
                  disabled={t.error > 0}
                  aria-describedby={t.error > 0 ? allRefusedId : undefined}
                  onClick={() => void run(dry, 'all')}
                >
                  {words.importAll()}
                </Button>
                {t.error > 0 && valid > 0 ? (
                  <Button onClick={() => void run(dry, 'valid')}>
                    {words.importValid({ count: valid })}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </>
        )
      }
      case 'following':
      case 'done': {
        const result = step.result
        const t = tally(result.results)
        return (
          <>
            <h3 ref={doneRef} tabIndex={-1} className={styles.heading}>
              {words.doneHeading()}
            </h3>
            <p className={styles.summary} data-testid="import-result" role="status">
              {result.written
                ? words.result(numbers(result))
                : words.notWritten({ error: t.error })}
            </p>
            {step.kind === 'following' ? (
              <p className={styles.summary} role="status">
                {followUp?.progress(LL, step.done, step.count)}
              </p>
            ) : step.followed && followUp !== null ? (
              <p className={styles.summary} data-testid="import-follow-up">
                {followUp.summary(LL, step.followed)}
              </p>
            ) : null}
            <ErrorRows rows={result.results.filter((r) => r.outcome === 'error')} />
            <div className={styles.actions}>
              <Button tone="secondary" onClick={() => void downloadResults(LL, kind, result)}>
                {words.download()}
              </Button>
              <Button onClick={close} aria-disabled={busy ? true : undefined}>
                {LL.common.close()}
              </Button>
            </div>
          </>
        )
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={own.title()}
      description={words.description()}
      className={styles.sheet}
      initialFocus={fileRef}
    >
      {body()}
    </Dialog>
  )
}
