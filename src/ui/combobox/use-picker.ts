import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  createPickerSearch,
  idlePickerSearch,
  type PickerOption,
  type PickerSearchState,
  type PickerSource,
} from '../../lib/picker-search'

const optionKey = (source: PickerSource, value: string) => [...source.key, 'option', value]

/**
 * The option a stored value stands for, found by id on the server unless a pick already put it
 * in the cache: a form opened on the 100,000th user still shows that user's name. Forms read it
 * too, e.g. for a sentence naming the chosen door.
 */
export function usePickedOption(source: PickerSource, value: string) {
  const found = useQuery({
    queryKey: optionKey(source, value),
    queryFn: ({ signal }) => source.lookup(value, signal),
    enabled: value !== '',
    staleTime: 60_000,
  })
  return {
    option: value === '' ? null : (found.data ?? null),
    loading: value !== '' && found.isPending,
    missing: value !== '' && (found.isError || found.data === null),
  }
}

/** Remembers a picked option under its value, so showing it needs no lookup. */
export function useRememberOption(source: PickerSource) {
  const client = useQueryClient()
  return (option: PickerOption) => client.setQueryData(optionKey(source, option.value), option)
}

/** The server search behind one open picker: latest text wins, earlier requests are aborted. */
export function usePickerSearch() {
  const [state, setState] = useState<PickerSearchState>(idlePickerSearch)
  const [runner] = useState(() => createPickerSearch(setState))
  useEffect(() => () => runner.dispose(), [runner])
  return {
    state,
    update: (source: PickerSource, text: string, immediate?: boolean) =>
      runner.update(source, text, immediate),
    stop: () => runner.dispose(),
  }
}
