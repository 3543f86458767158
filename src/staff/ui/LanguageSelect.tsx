/** The screen's language, each named in itself. */
import { useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { isStaffLocale, type StaffLocale } from '../i18n/locale';

const m = defineMessages({
  language: { id: 'staff.language', defaultMessage: 'Language' },
});

const NAMES: Record<StaffLocale, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' };

export function LanguageSelect({ locale, onLocale }: { locale: StaffLocale; onLocale: (l: StaffLocale) => void }) {
  const intl = useIntl();
  return (
    <label className="language">
      <span className="visually-hidden">{intl.formatMessage(m.language)}</span>
      <select
        aria-label={intl.formatMessage(m.language)}
        value={locale}
        onChange={(e) => {
          if (isStaffLocale(e.target.value)) onLocale(e.target.value);
        }}
      >
        {(Object.keys(NAMES) as StaffLocale[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
