/**
 * areaCodeSelect (SPEC sections 2, 7): the country calling codes the service
 * can text (Phone_SMSAreaGet_Get), named in the interface language. The
 * choice goes back to the page that opened this one (?from=<path>) as its
 * AreaNo query parameter, and is kept in session storage ('areaNo') for the
 * next phone page; no slice holds it.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { pathOf, routeForPath } from '../../app/paths';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { localName } from '../../ui/localName';
import { phoneApi } from './phoneApi';
import { AREA_NO_KEY } from './phoneStorage';
import { isAreaNo } from './phoneRules';
import { writeSession } from '../../host/storage';

const messages = defineMessages({
  list: { id: 'areaCodeSelect.list', defaultMessage: 'Countries and regions' },
  loading: { id: 'areaCodeSelect.loading', defaultMessage: 'Loading calling codes…' },
  none: { id: 'areaCodeSelect.none', defaultMessage: 'No calling codes are available.' },
  failed: { id: 'areaCodeSelect.failed', defaultMessage: 'The calling codes could not be loaded.' },
  retry: { id: 'areaCodeSelect.retry', defaultMessage: 'Try again' },
});

/** The page to go back to: a page of the app, else the phone sign-in. */
function returnPath(from: string | null): string {
  if (from && from.startsWith('/') && !from.startsWith('//')) {
    const route = routeForPath(from.split('?')[0] ?? '');
    if (route && route.name !== 'areaCodeSelect') return from;
  }
  return pathOf('loginByCode');
}

export default function AreaCodeSelectPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const codes = phoneApi.useCallingCodesQuery();
  const query = new URLSearchParams(location.search);
  const from = returnPath(query.get('from'));
  const current = query.get('current');
  // How far back the opener's own opener is; coming back adds this page's entry.
  const steps = (location.state as { returnSteps?: unknown } | null)?.returnSteps;
  const openerSteps = typeof steps === 'number' && steps >= 0 ? steps : 0;

  const handleChoose = (areaNo: string) => {
    if (!isAreaNo(areaNo)) return;
    writeSession(AREA_NO_KEY, areaNo);
    const [path, search = ''] = from.split('?');
    const params = new URLSearchParams(search);
    params.set('AreaNo', areaNo);
    navigate(`${path}?${params.toString()}`, {
      replace: true,
      state: { returnSteps: openerSteps > 0 ? openerSteps + 1 : 0 },
    });
  };

  if (codes.isLoading) {
    return (
      <p role="status" className="muted area-codes-status">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  if (codes.isError && !codes.data) {
    return (
      <div className="area-codes-status">
        <p>
          <FormattedMessage {...messages.failed} />
        </p>
        <button type="button" className="btn btn-block" onClick={() => void codes.refetch()}>
          <FormattedMessage {...messages.retry} />
        </button>
      </div>
    );
  }
  const list = codes.data ?? [];
  if (list.length === 0) {
    return (
      <p className="empty">
        <FormattedMessage {...messages.none} />
      </p>
    );
  }
  return (
    <ul className="area-codes" aria-label={intl.formatMessage(messages.list)}>
      {list.map((c) => {
        const chosen = c.areaNo === current;
        return (
          <li key={c.areaNo}>
            <button
              type="button"
              className={`row-button area-code${chosen ? ' chosen' : ''}`}
              aria-current={chosen ? 'true' : undefined}
              onClick={() => handleChoose(c.areaNo)}
            >
              <span>{localName(c.names, locale) || c.areaNo}</span>{' '}
              <span className="area-code-no">+{c.areaNo}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
