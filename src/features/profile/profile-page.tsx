import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { LoginRequired } from '../../ui/login-required'
import { PhotosManager } from '../photos'
import { AboutSection, AppearanceSection, InterestsSection, LocationSection, OwnProfileSections } from './profile-sections'

/** /profile: the member's own profile, every field editable in place, and the photos. */
export function ProfilePage() {
  const { t } = useTranslation()
  const { user } = useSession()
  if (!user) return <LoginRequired title={t('profile_page.title')} message={t('profile_page.login_required')} />
  return (
    <PageColumn width={760}>
      <PageTitle>{t('profile_page.title')}</PageTitle>
      <p>{t('profile_edit.intro')}</p>
      <OwnProfileSections>
        {(own) => (
          <>
            <AboutSection own={own} />
            <AppearanceSection own={own} />
            <InterestsSection own={own} />
            <LocationSection own={own} />
          </>
        )}
      </OwnProfileSections>
      <Card aria-labelledby="photos-title">
        <h2 id="photos-title" style={{ marginTop: 0 }}>
          {t('photos.title')}
        </h2>
        <PhotosManager />
      </Card>
    </PageColumn>
  )
}
