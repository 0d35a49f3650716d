import { labelInSentence } from '../../src/shared/label-in-sentence'

describe('labelInSentence', () => {
  it('lowers a label for a sentence', () => {
    expect(labelInSentence('Fictieve profielen', 'nl')).toBe('fictieve profielen')
    expect(labelInSentence('Chat profiles', 'en-US')).toBe('chat profiles')
    expect(labelInSentence('Profils fictifs', 'fr')).toBe('profils fictifs')
  })

  it('keeps the capital of a German noun and lowers only a leading adjective', () => {
    expect(labelInSentence('Fiktive Profile', 'de')).toBe('fiktive Profile')
    expect(labelInSentence('Chatprofile', 'de')).toBe('Chatprofile')
  })
})
