/** What every section of the staff program is given: the signed-in screen's API, session, language and a way out. */
import type { StaffApi } from '../api';
import type { StaffLocale } from '../i18n/locale';
import type { StaffSession } from './session';

export interface SectionProps {
  api: StaffApi;
  session: StaffSession;
  locale: StaffLocale;
  /** The service refused the screen's credentials: back to the sign-in. */
  onSignedOut: () => void;
}
