/**
 * The back office's loyalty and wallet settings (issue 27 section 3): the
 * points rule and top-up limits and rules, coupon plans and their codes,
 * member look-up and adjustments. The service holds the roles (the owner
 * changes the rules; owners and managers look members up and adjust).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import type { Outlet } from '../../api';
import type { SectionProps } from '../../app/sectionProps';
import { ENGLISH } from '../../i18n/locale';
import { SectionIntl, type SectionMessages } from '../SectionIntl';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';
import { MembersPanel } from './MembersPanel';
import { PlansPanel } from './PlansPanel';
import { SettingsPanel } from './SettingsPanel';

const m = defineMessages({
  title: { id: 'staff.loyalty.title', defaultMessage: 'Loyalty and wallet' },
});

// English: the code's own texts (i18n/locale.ts ENGLISH); en.json is their extract, not shipped.
const MESSAGES: SectionMessages = { en: ENGLISH, 'zh-CN': zhCN, 'zh-TW': zhTW };

export default function LoyaltySection(props: SectionProps) {
  return (
    <SectionIntl locale={props.locale} messages={MESSAGES}>
      <Loyalty {...props} />
    </SectionIntl>
  );
}

function Loyalty({ api, locale }: SectionProps) {
  const [outlets, setOutlets] = useState<Outlet[]>([]);
  useEffect(() => {
    let live = true;
    api
      .outlets()
      .then((o) => live && setOutlets(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section className="loyalty back-office" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title">
        <FormattedMessage {...m.title} />
      </h2>
      <SettingsPanel locale={locale} />
      <PlansPanel locale={locale} outlets={outlets} />
      <MembersPanel locale={locale} />
    </section>
  );
}
