import type { AlertEventType, SubjectKind } from '../../src/contract/alerts'

// An event as the alerts pass it around (decision 079): what recordEvent is given and what it wrote.

export interface Subject {
  kind: SubjectKind
  id: number
}

/** A subject with the places that hold it, as rules name them ('floor:3'). */
export interface Place {
  organization_id: number
  name: string
  location_id: number | null
  places: string[]
}

export interface NewEvent {
  type: AlertEventType
  subject: Subject
  /** The server's clock (services.clock). */
  at: Date
  payload?: Record<string, unknown>
}

export interface RecordedEvent {
  event_id: number
  type: AlertEventType
  subject: Subject
  place: Place
  at: Date
}
