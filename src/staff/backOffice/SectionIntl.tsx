/**
 * A back-office section's own messages (issue 27): each section's texts live
 * beside it (its i18n folder, extracted and checked by scripts/i18n-extract.ts
 * as a set of their own) and load with its chunk, so the kitchen's first load
 * does not carry them. The section's tree gets them from this provider.
 */
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { StaffLocale } from '../i18n/locale';

export type SectionMessages = Readonly<Record<StaffLocale, Record<string, string>>>;

export function SectionIntl({ locale, messages, children }: { locale: StaffLocale; messages: SectionMessages; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messages[locale]} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
