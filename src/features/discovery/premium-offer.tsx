// What a tap on a locked photo explains: photos of others are blurred for members who are not premium (SPEC.md
// section 2), and this is what premium (the first credit bundle) unlocks, with the way to the premium page.
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { Modal } from '../../ui/modal'
import { Button, ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'

const Promises = styled.ul(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: '12px 0 20px',
  display: 'grid',
  gap: 10,
  li: { display: 'flex', gap: 10, alignItems: 'flex-start' },
  svg: { color: theme.colors.primary, flex: '0 0 auto', marginTop: 2 },
}))
const Matched = styled.p(({ theme }) => ({ margin: '0 0 8px', padding: '8px 12px', borderRadius: 10, background: theme.colors.primarySoft, color: theme.colors.primaryDark, fontWeight: 700 }))
const Actions = styled.div({ display: 'flex', gap: 10, flexWrap: 'wrap', '> *': { flex: '1 1 160px' } })

/** The offer behind a lock; matched says the member matched with the viewer. */
export function PremiumOffer({ name, matched, onClose }: { name: string; matched: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal title={t('premium_offer.title', { name })} onDismiss={onClose} onClose={onClose} closeLabel={t('common.close')}>
      <div data-testid="premium-offer">
        {matched && <Matched data-testid="premium-offer-match">{t('premium_offer.matched', { name })}</Matched>}
        <p style={{ margin: 0 }}>{t('premium_offer.intro')}</p>
        <Promises>
          {[t('premium_page.promise_photos'), t('premium_page.promise_chats'), t('premium_page.promise_uploads', { count: 25 }), t('premium_page.promise_match', { percent: 46 })].map((text) => (
            <li key={text}>
              <Heart size={18} />
              <span>{text}</span>
            </li>
          ))}
        </Promises>
        <Actions>
          <ButtonLink href="/premium" data-testid="premium-offer-go">
            {t('nav.get_premium')}
          </ButtonLink>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('premium_offer.later')}
          </Button>
        </Actions>
      </div>
    </Modal>
  )
}
