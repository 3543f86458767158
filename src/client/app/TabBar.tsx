/**
 * The bottom tab bar (SPEC section 2: home, My Order, Me): under every tab
 * page (Shell), and under an entry that leads nowhere (issue 23). Tabs
 * replace the current entry, so they do not pile up in history. It reads the
 * leaf paths.ts, so a page can show it without importing the routes table.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from '../ui/links';
import { defineMessages } from '../i18n/defineMessages';
import { pathOf, routeTitles, TAB_NAMES } from './paths';

const messages = defineMessages({
  tabs: { id: 'shell.tabs', defaultMessage: 'Main sections' },
});

const TAB_ICONS: Record<string, string> = {
  home: 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  orderList: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  mine: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4 4-6 8-6s8 2 8 6',
};

export function TabBar() {
  const intl = useIntl();
  return (
    <nav className="tab-bar" aria-label={intl.formatMessage(messages.tabs)}>
      {TAB_NAMES.map((name) => (
        <NavLink key={name} to={pathOf(name)} replace className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d={TAB_ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <FormattedMessage {...routeTitles[name]} />
        </NavLink>
      ))}
    </nav>
  );
}
