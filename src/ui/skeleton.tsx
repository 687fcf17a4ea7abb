import * as styles from './skeleton.css'

type SkeletonShape = 'line' | 'title' | 'block' | 'avatar'

/** A grey placeholder of the content's shape while it loads; hidden from assistive technology. */
export function Skeleton({ shape = 'line' }: { shape?: SkeletonShape }) {
  return <span className={styles.skeleton({ shape })} aria-hidden="true" />
}
