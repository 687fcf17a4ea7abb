import type { LogLevel } from './config'

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
}

export function createLogger(level: LogLevel): Logger {
  const emit =
    (at: Exclude<LogLevel, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
      if (rank[at] < rank[level]) return
      const line = extra ? `${message} ${JSON.stringify(extra)}` : message
      const stream = at === 'error' || at === 'warn' ? process.stderr : process.stdout
      stream.write(`[${new Date().toISOString()}] ${at.toUpperCase()} ${line}\n`)
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}
