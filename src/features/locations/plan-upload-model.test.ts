import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { uploadFieldName } from '../../api/uploads'
import { UPLOAD_MAX_BYTES } from '../../contract/uploads'
import { checkPlanFile, uploadProblem } from './plan-upload-model'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('checkPlanFile', () => {
  it('lets PNG, JPEG, GIF and WebP up to 5 MB through to the server', () => {
    expect(checkPlanFile(file('plan.png', 'image/png'))).toBeNull()
    expect(checkPlanFile(file('plan.jpg', 'image/jpeg', UPLOAD_MAX_BYTES))).toBeNull()
    expect(checkPlanFile(file('plan.gif', 'image/gif'))).toBeNull()
    expect(checkPlanFile(file('plan.webp', 'image/webp'))).toBeNull()
  })
  it('refuses SVG by type or by name: it can carry script', () => {
    expect(checkPlanFile(file('plan.svg', 'image/svg+xml'))).toBe('svg')
    expect(checkPlanFile(file('plan.SVG', ''))).toBe('svg')
  })
  it('refuses other types and files over 5 MB', () => {
    expect(checkPlanFile(file('plan.html', 'text/html'))).toBe('type')
    expect(checkPlanFile(file('plan', ''))).toBe('type')
    expect(checkPlanFile(file('plan.png', 'image/png', UPLOAD_MAX_BYTES + 1))).toBe('size')
  })
})

describe('uploadProblem', () => {
  const http = (status: number) => new ApiError('HTTP', `HTTP ${status}`, { status })
  it('names the server refusal', () => {
    expect(uploadProblem(http(415))).toBe('content')
    expect(uploadProblem(http(413))).toBe('quota')
    expect(uploadProblem(http(403))).toBe('forbidden')
    expect(uploadProblem(http(500))).toBe('other')
    expect(uploadProblem(new ApiError('FETCH_ERROR', 'down'))).toBe('other')
  })
})

describe('uploadFieldName', () => {
  it('is image_{timestamp}_{original name}', () => {
    expect(uploadFieldName('Ground floor.png', 1700000000000)).toBe(
      'image_1700000000000_Ground floor.png',
    )
  })
})
