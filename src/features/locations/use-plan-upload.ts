import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { locationKeys, updateFloor } from '../../api/locations'
import { refetchAfterWrite } from '../../api/queries'
import { uploadImage } from '../../api/uploads'

/**
 * A floor's plan in two writes: the image to the upload host, then its URL on the floor. The floor
 * keeps its old plan until both succeed, so a refused file loses nothing.
 */
export function usePlanUpload(floorId: number) {
  const client = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0)
      const stored = await uploadImage(file, setProgress)
      return updateFloor(floorId, { plan_image_url: stored.url })
    },
    onSettled: () => setProgress(null),
    onSuccess: () => refetchAfterWrite(client, locationKeys, { kind: 'saved' }),
  })
  return { ...mutation, progress }
}
