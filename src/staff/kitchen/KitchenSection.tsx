/** The kitchen section: the orders board of the signed-in outlet. */
import type { SectionProps } from '../app/sectionProps';
import { Board } from './Board';

export default function KitchenSection({ api, session, locale, onSignedOut }: SectionProps) {
  return <Board api={api} token={session.token} baseId={session.outlet.baseId} locale={locale} onSignedOut={onSignedOut} />;
}
