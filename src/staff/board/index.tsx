/**
 * The ready board's entry (its own small bundle in the staff build,
 * dist/staff/board.html; webpack.config.ts): the board link's token is the
 * address's fragment (/staff/board.html#<token>), never sent to the server
 * as an address. The language: ?lang=zh-TW (or zh-CN, en), else the TV's.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ENGLISH, initialLocale, isStaffLocale, loadMessages, type StaffLocale, type StaffMessages } from '../i18n/locale';
import { ReadyBoard } from './ReadyBoard';

function BoardApp({ token, locale }: { token: string; locale: StaffLocale }) {
  const [messages, setMessages] = useState<StaffMessages | null>(locale === 'en' ? ENGLISH : null);
  useEffect(() => {
    document.documentElement.lang = locale;
    if (locale !== 'en') void loadMessages(locale).then(setMessages);
  }, [locale]);
  if (!messages) return null;
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <ReadyBoard token={token} />
    </IntlProvider>
  );
}

const wanted = new URLSearchParams(location.search).get('lang');
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(<BoardApp token={decodeURIComponent(location.hash.replace(/^#/, ''))} locale={isStaffLocale(wanted) ? wanted : initialLocale()} />);
}
