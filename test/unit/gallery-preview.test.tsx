// The lander gallery frames at most two previews at a time: framing all ninety at once froze the gallery.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { GalleryPreview, PREVIEWS_LOADING_AT_ONCE, resetPreviewQueue } from '../../src/features/landers/gallery-preview'

function Previews({ n }: { n: number }) {
  return (
    <>
      {Array.from({ length: n }, (_, i) => (
        <GalleryPreview key={i} src={`http://datingstad.localhost/landers/video?i=${i}`} title={`preview ${i}`} width={390} height={844} scale={0.5} />
      ))}
    </>
  )
}

beforeEach(() => resetPreviewQueue())

test('two previews load at once; each load lets the next one in', () => {
  const { container } = render(<Previews n={5} />)
  expect(PREVIEWS_LOADING_AT_ONCE).toBe(2)
  expect(container.querySelectorAll('iframe')).toHaveLength(2)
  act(() => {
    fireEvent.load(screen.getByTitle('preview 0'))
  })
  expect(container.querySelectorAll('iframe')).toHaveLength(3)
  expect(screen.getByTitle('preview 2')).toHaveProperty('src', 'http://datingstad.localhost/landers/video?i=2')
  act(() => {
    fireEvent.load(screen.getByTitle('preview 1'))
    fireEvent.load(screen.getByTitle('preview 2'))
  })
  expect(container.querySelectorAll('iframe')).toHaveLength(5)
})

test('a preview that never loads gives its turn up after ten seconds', () => {
  jest.useFakeTimers()
  try {
    const { container } = render(<Previews n={3} />)
    expect(container.querySelectorAll('iframe')).toHaveLength(2)
    act(() => {
      jest.advanceTimersByTime(10_000)
    })
    expect(container.querySelectorAll('iframe')).toHaveLength(3)
  } finally {
    jest.useRealTimers()
  }
})

test('previews that go away (another tenant chosen) free their turns', () => {
  const first = render(<Previews n={4} />)
  first.unmount()
  const { container } = render(<Previews n={3} />)
  expect(container.querySelectorAll('iframe')).toHaveLength(2)
})
