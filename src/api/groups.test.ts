import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ListQuery } from '../contract/list'
import { groupKeys, memberKeys, type GroupSort, type MemberSort } from './groups'
import { refetchAfterWrite } from './queries'

const members: ListQuery<MemberSort> = {
  start: 0,
  length: 100,
  order_by: 'email',
  order_direction: 'asc',
  search: '',
}
const groups: ListQuery<GroupSort> = { ...members, order_by: 'name' }

describe("a group's members in the cache", () => {
  function seeded() {
    const client = new QueryClient()
    client.setQueryData(groupKeys.list(groups), { data: [] })
    client.setQueryData(groupKeys.detail(1), { group_id: 1 })
    client.setQueryData(memberKeys.list(1, members), { data: [] })
    client.setQueryData(memberKeys.list(2, members), { data: [] })
    return client
  }
  const stale = (client: QueryClient, key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated

  it('are refetched with the group and its lists after a write to them', async () => {
    const client = seeded()
    await refetchAfterWrite(client, groupKeys, { kind: 'saved' })
    expect(stale(client, memberKeys.list(1, members))).toBe(true)
    expect(stale(client, groupKeys.detail(1))).toBe(true)
    expect(stale(client, groupKeys.list(groups))).toBe(true)
  })

  it('go with their group when it is deleted; another group keeps its own', async () => {
    const client = seeded()
    await refetchAfterWrite(client, groupKeys, { kind: 'deleted', id: 1 })
    expect(client.getQueryState(memberKeys.list(1, members))).toBeUndefined()
    expect(client.getQueryState(memberKeys.list(2, members))).toBeDefined()
    expect(stale(client, groupKeys.list(groups))).toBe(true)
  })
})
