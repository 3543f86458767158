/** The page of a route whose capability has not landed yet: its title and a short note, never a blank screen. */
import { defineMessages } from '../i18n/defineMessages';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { routeForPath } from '../app/routes';

const messages = defineMessages({
  coming: { id: 'page.coming', defaultMessage: 'This page is coming soon.' },
});

export default function ComingPage() {
  const route = routeForPath(useLocation().pathname);
  return (
    <section className="coming">
      {route && (
        <h2>
          <FormattedMessage {...route.title} />
        </h2>
      )}
      <p>
        <FormattedMessage {...messages.coming} />
      </p>
    </section>
  );
}
