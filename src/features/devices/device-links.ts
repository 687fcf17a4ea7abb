import { pathTo } from '../../contract/pages'

// The palette's "Delete device" asks the device view by URL, as it does for users and commands.
export const REQUEST_PARAM = 'command'
export const DELETE_REQUEST = 'delete'

/** The device view with its delete confirmation open: the dialog its Delete button opens. */
export const deletePath = (id: number) =>
  `${pathTo('devices-view', { id })}?${REQUEST_PARAM}=${DELETE_REQUEST}`
