/**
 * The back office's Outlets section (issue 27 section 2): the outlet chosen
 * (the signed-in one first; an owner may pick any of the enterprise's, a
 * manager its own), its tables with their codes and QR sheet, and its
 * settings. A chunk of its own (sections.tsx), as is its map.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { localName } from '../../../ui-kit/localName';
import type { Outlet } from '../../api';
import type { SectionProps } from '../../app/sectionProps';
import { OutletForm } from './OutletForm';
import { outletsApi } from './outletsApi';
import { addOutletStyles } from './styles';
import { TablesPanel } from './TablesPanel';

addOutletStyles();

const m = defineMessages({
  title: { id: 'bo.outlets.title', defaultMessage: 'Outlets' },
  outlet: { id: 'bo.outlets.outlet', defaultMessage: 'Outlet' },
});

export default function OutletsSection({ api, session, locale }: SectionProps) {
  const [outlets, setOutlets] = useState<Outlet[]>([session.outlet]);
  const [baseId, setBaseId] = useState(session.outlet.baseId);
  const back = useMemo(() => outletsApi(locale), [locale]);

  useEffect(() => {
    api.outlets().then(
      (list) => list.length > 0 && setOutlets(list),
      () => undefined,
    );
  }, [api]);

  return (
    <section className="back-office" aria-labelledby="bo-outlets-title">
      <h2 id="bo-outlets-title">
        <FormattedMessage {...m.title} />
      </h2>
      <div className="bo-field">
        <label htmlFor="bo-outlet">
          <FormattedMessage {...m.outlet} />
        </label>
        <select id="bo-outlet" value={baseId} onChange={(e) => setBaseId(e.target.value)}>
          {outlets.map((o) => (
            <option key={o.baseId} value={o.baseId}>
              {localName({ zh: o.name, tw: o.nameTw, en: o.nameEn }, locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="bo-columns">
        <TablesPanel key={`t-${baseId}`} api={back} baseId={baseId} />
        <OutletForm key={`o-${baseId}`} api={back} baseId={baseId} />
      </div>
    </section>
  );
}
