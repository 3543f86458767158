/** The member section: the counter's lookup by member code. */
import type { SectionProps } from '../app/sectionProps';
import { MemberLookup } from './MemberLookup';

export default function MemberSection({ api, locale }: SectionProps) {
  return <MemberLookup api={api} locale={locale} />;
}
