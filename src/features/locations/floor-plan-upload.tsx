import { useEffect, useRef, useState, type DragEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { FloorDeep } from '../../contract/locations'
import { Button } from '../../ui/button'
import { errorText } from '../../ui/data-table/error-text'
import { Notice, showToast } from '../../ui/notice'
import { PLAN_ACCEPT, checkPlanFile, uploadProblem, type PlanProblem } from './plan-upload-model'
import * as styles from './plan-upload.css'
import { usePlanUpload } from './use-plan-upload'

interface FloorPlanUploadProps {
  floor: FloorDeep
  /** Focus the picker on mount: the palette's "upload a plan" lands here. */
  autoFocus?: boolean
}

type Chosen = { file: File; url: string; broken: boolean }

type Refusal = { problem: PlanProblem; name: string; error?: unknown }

function refusalText(LL: TranslationFunctions, refusal: Refusal): string {
  const { problem, name } = refusal
  if (problem === 'other')
    return refusal.error instanceof Error ? errorText(LL, refusal.error) : LL.errors.default_error()
  return LL.locations.upload.problems[problem]({ name })
}

/**
 * A new plan for one floor: drop a file or pick one (a real button, so the keyboard reaches it),
 * see it before it is sent, watch it go, and read in words why it was refused.
 */
export function FloorPlanUpload({ floor, autoFocus = false }: FloorPlanUploadProps) {
  const { LL, locale } = useI18nContext()
  const inputRef = useRef<HTMLInputElement>(null)
  const chooseRef = useRef<HTMLButtonElement>(null)
  const refusalRef = useRef<HTMLDivElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const previewUrl = useRef<string | null>(null)
  const file = chosen?.file ?? null
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [dragging, setDragging] = useState(false)
  const upload = usePlanUpload(floor.floor_id)
  const megabytes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  })

  // Focus moves after the render that changed the buttons, never onto one about to be removed.
  const focusChoose = useRef(autoFocus)
  useEffect(() => {
    if (!focusChoose.current) return
    focusChoose.current = false
    chooseRef.current?.focus()
  })
  // One preview URL at a time, released when it is replaced and when the panel goes away.
  const choose = (next: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
    previewUrl.current = next ? URL.createObjectURL(next) : null
    setChosen(
      next && previewUrl.current ? { file: next, url: previewUrl.current, broken: false } : null,
    )
  }
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
    },
    [],
  )
  useEffect(() => {
    if (refusal) refusalRef.current?.focus()
  }, [refusal])

  const take = (picked: File | undefined) => {
    if (!picked) return
    upload.reset()
    const problem = checkPlanFile(picked)
    if (problem) {
      choose(null)
      setRefusal({ problem, name: picked.name })
      return
    }
    setRefusal(null)
    choose(picked)
  }
  const discard = () => {
    choose(null)
    setRefusal(null)
    focusChoose.current = true
  }
  const send = () => {
    if (!file || upload.isPending) return
    setRefusal(null)
    upload.mutate(file, {
      onSuccess: () => {
        showToast(LL.locations.upload.done({ floor: floor.name }))
        choose(null)
        focusChoose.current = true
      },
      onError: (error) => setRefusal({ problem: uploadProblem(error), name: file.name, error }),
    })
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    take(event.dataTransfer.files[0])
  }

  return (
    <section
      className={styles.root}
      aria-label={LL.locations.upload.title({ floor: floor.name })}
      data-testid="plan-upload"
    >
      <div
        className={dragging ? `${styles.dropZone} ${styles.dropping}` : styles.dropZone}
        onDragEnter={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="plan-drop-zone"
      >
        <p className={styles.text}>
          {dragging ? LL.locations.upload.dropping() : LL.locations.upload.drop()}
        </p>
        <p className={styles.hint} id={`plan-limits-${floor.floor_id}`}>
          {LL.locations.upload.limits()}
        </p>
        <Button
          ref={chooseRef}
          tone="secondary"
          // Disabled buttons drop focus to <body>; while sending they only say they are busy.
          aria-disabled={upload.isPending}
          aria-describedby={`plan-limits-${floor.floor_id}`}
          {...(autoFocus ? { 'data-autofocus': true } : {})}
          onClick={() => (upload.isPending ? undefined : inputRef.current?.click())}
        >
          {LL.locations.upload.choose({ floor: floor.name })}
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={PLAN_ACCEPT}
          data-testid="plan-file"
          onChange={(event) => {
            take(event.target.files?.[0])
            // The same file chosen again after a refusal must fire a change again.
            event.target.value = ''
          }}
        />
      </div>
      {refusal ? (
        <Notice tone="danger" ref={refusalRef} tabIndex={-1}>
          {refusalText(LL, refusal)} {LL.locations.upload.kept()}
        </Notice>
      ) : null}
      {chosen ? (
        <figure className={styles.preview}>
          {chosen.broken ? (
            <p className={styles.hint}>{LL.locations.upload.previewBroken()}</p>
          ) : (
            <img
              className={styles.previewImage}
              src={chosen.url}
              alt={LL.locations.upload.preview({ floor: floor.name })}
              onError={() => setChosen({ ...chosen, broken: true })}
            />
          )}
          <figcaption className={styles.hint}>
            {LL.locations.upload.file({
              name: chosen.file.name,
              size: megabytes.format(chosen.file.size / (1024 * 1024)),
            })}
          </figcaption>
        </figure>
      ) : null}
      {upload.progress !== null ? (
        <progress
          className={styles.progress}
          max={1}
          value={upload.progress}
          aria-label={LL.locations.upload.progress({ floor: floor.name })}
        />
      ) : null}
      {file ? (
        <div className={styles.actions}>
          <Button onClick={send} aria-disabled={upload.isPending}>
            {upload.isPending ? LL.locations.upload.sending() : LL.locations.upload.send()}
          </Button>
          <Button
            tone="secondary"
            onClick={() => (upload.isPending ? undefined : discard())}
            aria-disabled={upload.isPending}
          >
            {LL.locations.upload.discard()}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
