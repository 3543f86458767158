/** The sold-out section: the marks of the signed-in outlet's goods. */
import type { SectionProps } from '../app/sectionProps';
import { SoldOutPanel } from './SoldOutPanel';

export default function SoldOutSection({ api, session, locale }: SectionProps) {
  return <SoldOutPanel api={api} token={session.token} baseId={session.outlet.baseId} locale={locale} />;
}
