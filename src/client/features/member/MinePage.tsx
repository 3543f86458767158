/** Mine tab: the language switch and the way to the member's pages. */
import { defineMessages } from '../../i18n/defineMessages';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChosenByUser } from '../../app/language';
import { pathOf, routeTitles } from '../../app/routes';
import { selectLocale, type Locale } from '../../app/uiSlice';

const messages = defineMessages({
  language: { id: 'mine.language', defaultMessage: 'Language' },
  version: { id: 'mine.version', defaultMessage: 'Version {version}' },
});

/** Each language's name in itself, as language pickers show them. */
const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: 'zh-CN', label: '简体中文' },
  { locale: 'zh-TW', label: '繁體中文' },
  { locale: 'en', label: 'English' },
];

const LINKS = ['vipBalance', 'vipScoreRecordList', 'couponsList', 'addressList', 'vipDetailsEdit', 'vipQrCode', 'clear'] as const;

export default function MinePage() {
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  return (
    <section className="mine">
      <fieldset className="language-switch">
        <legend>
          <FormattedMessage {...messages.language} />
        </legend>
        {LANGUAGES.map((l) => (
          <label key={l.locale} lang={l.locale}>
            <input
              type="radio"
              name="language"
              value={l.locale}
              checked={locale === l.locale}
              onChange={() => dispatch(languageChosenByUser(l.locale))}
            />
            {l.label}
          </label>
        ))}
      </fieldset>
      <ul className="link-list">
        {LINKS.map((name) => (
          <li key={name}>
            <Link to={pathOf(name)}>{intl.formatMessage(routeTitles[name])}</Link>
          </li>
        ))}
      </ul>
      <p className="version">
        <FormattedMessage {...messages.version} values={{ version: __APP_VERSION__ }} />
      </p>
    </section>
  );
}
