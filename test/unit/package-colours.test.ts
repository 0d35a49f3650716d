// The credit bundles' colour bands: white text on every package colour of the theme reads at WCAG AA.
import { getContrast } from 'polished'
import { baseTokens } from '../../themes/base'
import { bandColour } from '../../themes/contrast'

it('deepens every package colour until white text on it passes 4.5:1, keeping dark colours as they are', () => {
  for (const colour of baseTokens.packages) {
    expect(getContrast(bandColour(colour), '#fff')).toBeGreaterThanOrEqual(4.5)
  }
  // The light blue of package 1 alone fails (2.6:1): the band is deepened.
  expect(getContrast('#42a5f5', '#fff')).toBeLessThan(4.5)
  expect(bandColour('#42a5f5')).not.toBe('#42a5f5')
  expect(bandColour('#1a237e')).toBe('#1a237e')
})
