// Text for screen readers only (the usual clip pattern): live announcements and labels that sighted members get
// from the picture.
import styled from './styled'

export const VisuallyHidden = styled.span({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})
