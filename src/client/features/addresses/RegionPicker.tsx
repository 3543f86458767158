/**
 * The region of an address (Area_BatchAreaSelectGet_Get): region, city or
 * area, district, as three labelled selects, each listing the children of
 * the one before. The value is the names as stored on the address (any of
 * the three languages is recognised); a change gives the names in the
 * interface language.
 */
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { localName } from '../../ui/localName';
import type { Area } from './addressApi';

const messages = defineMessages({
  region: { id: 'addressEdit.region', defaultMessage: 'Region' },
  province: { id: 'addressEdit.province', defaultMessage: 'Region' },
  city: { id: 'addressEdit.city', defaultMessage: 'City or area' },
  district: { id: 'addressEdit.district', defaultMessage: 'District' },
  choose: { id: 'addressEdit.chooseRegion', defaultMessage: 'Choose…' },
});

export interface RegionValue {
  Province: string;
  City: string;
  District: string;
}

const named = (a: Area, name: string) => name !== '' && (a.names.zh === name || a.names.tw === name || a.names.en === name);

/** The areas a value names, top level first (unknown names stop the path). */
export function pathOfValue(areas: readonly Area[], value: RegionValue): Area[] {
  const path: Area[] = [];
  let parent = '';
  for (const name of [value.Province, value.City, value.District]) {
    const hit = areas.find((a) => a.parentId === parent && named(a, name));
    if (!hit) break;
    path.push(hit);
    parent = hit.id;
  }
  return path;
}

/** A value from a region id (the paste parser's, the map's): the path's names in the locale. */
export function valueOfRegion(areas: readonly Area[], regionId: string, locale: Parameters<typeof localName>[1]): RegionValue | null {
  const path: Area[] = [];
  for (let at = areas.find((a) => a.id === regionId); at; at = areas.find((a) => a.id === at!.parentId)) path.unshift(at);
  if (path.length === 0) return null;
  const [p, c, d] = path.map((a) => localName(a.names, locale));
  return { Province: p ?? '', City: c ?? '', District: d ?? '' };
}

export function RegionPicker({ areas, value, invalid, onChange }: { areas: readonly Area[]; value: RegionValue; invalid?: boolean; onChange: (value: RegionValue) => void }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const ids = [useId(), useId(), useId()];
  const path = pathOfValue(areas, value);
  const levels = [messages.province, messages.city, messages.district];
  const name = (id: string) => {
    const a = areas.find((x) => x.id === id);
    return a ? localName(a.names, locale) : '';
  };
  const handle = (level: number, id: string) => {
    const chosen = [...path.slice(0, level).map((a) => a.id), ...(id ? [id] : [])];
    onChange({ Province: chosen[0] ? name(chosen[0]) : '', City: chosen[1] ? name(chosen[1]) : '', District: chosen[2] ? name(chosen[2]) : '' });
  };
  return (
    <fieldset className="form-group">
      <legend>
        <FormattedMessage {...messages.region} />
      </legend>
      <div className="region-row">
        {levels.map((label, level) => {
          const parent = level === 0 ? '' : (path[level - 1]?.id ?? null);
          const options = parent === null ? [] : areas.filter((a) => a.parentId === parent);
          if (level > 0 && options.length === 0) return null;
          return (
            <div className="field" key={level}>
              <label htmlFor={ids[level]}>
                <FormattedMessage {...label} />
              </label>
              <select
                id={ids[level]}
                value={path[level]?.id ?? ''}
                aria-invalid={(invalid && level === 0 && !path[0]) || undefined}
                onChange={(e) => handle(level, e.target.value)}
              >
                <option value="">{intl.formatMessage(messages.choose)}</option>
                {options.map((a) => (
                  <option key={a.id} value={a.id}>
                    {localName(a.names, locale)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
