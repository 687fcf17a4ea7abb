import type { Hono } from 'hono'
import type { ServerOptions } from './config'
import type { Db } from './db/database'
import type { Logger } from './logger'
import type { LoginThrottle } from './auth/throttle'

/** The signed-in caller, loaded fresh from the database on every request. */
export interface Principal {
  userId: number
  organizationId: number
  organizationName: string
  username: string
  email: string
  roles: string[]
  permissions: string[]
}

export type AppEnv = { Variables: { principal: Principal } }
export type App = Hono<AppEnv>

export interface Services {
  db: Db
  options: ServerOptions
  logger: Logger
  jwtKey: Uint8Array
  throttle: LoginThrottle
}
