import { HttpError } from '../http/errors'

/**
 * Bounds password hashing that anyone can trigger (sign-in, password reset): at most
 * `concurrency` scrypt runs at once (each holds 128 MiB at N=2^17) and at most `queue` waiting;
 * beyond that the caller is told to come back (429) at once instead of piling up memory and
 * delaying everyone (ASVS 5.0 2.4.1 anti-automation). In process: it guards this process's CPU and
 * memory, which is what a flood exhausts.
 */
export class HashGate {
  private running = 0
  private readonly waiting: (() => void)[] = []
  /** Hashing runs started since the server started; an operator's (and a test's) view of the load. */
  started = 0

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1
    else if (this.waiting.length < this.queue) {
      // The finishing run hands its slot over, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      throw new HttpError(
        429,
        'throttled',
        'The server is busy. Try again in a moment.',
        undefined,
        {
          'Retry-After': '1',
        },
      )
    }
    this.started += 1
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}
