/**
 * addressEdit (SPEC sections 2, 5): a new address, or the one `?id=` names.
 * Recipient, calling code and phone, region (RegionPicker), detailed address,
 * house number, default flag, and the position (MapPicker). "Paste to
 * recognise" fills the fields from a pasted text (shared/domain/addressParse)
 * and looks the street up to place the pin. SPEC section 5's messages: 'Please
 * fill in your contact and mobile phone number', 'Please complete the
 * shipping information'. Opened from the confirm page (`?choose=1`), the
 * saved address is the delivery's and the page goes back there.
 */
import { useCallback, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { parseAddress } from '../../../shared/domain/addressParse';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isGatewayError } from '../../app/errorListener';
import { pathOf } from '../../app/paths';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { useIsMember, SignInPrompt } from '../../session';
import { FieldGroup, TextField } from '../../ui/FormFields';
import { useBack } from '../../ui/useBack';
import { useAddressesQuery, useAreasQuery, useLazyResolveAddressQuery, useSaveAddressMutation, type Address, type AddressInput, type Area } from './addressApi';
import { addressChosen } from '../../flows/addressChosen';
import css from './addresses.css';
import { injectCss } from './injectCss';
import { DEFAULT_CENTER } from './mapConfig';
import { MapPicker, type Picked } from './MapPicker';
import { RegionPicker, valueOfRegion, type RegionValue } from './RegionPicker';

const messages = defineMessages({
  loading: { id: 'addressEdit.loading', defaultMessage: 'Loading…' },
  failed: { id: 'addressEdit.failed', defaultMessage: 'The address form could not be loaded.' },
  missing: { id: 'addressEdit.missing', defaultMessage: 'This address no longer exists.' },
  retry: { id: 'addressEdit.retry', defaultMessage: 'Try again' },
  paste: { id: 'addressEdit.paste', defaultMessage: 'Paste an address to recognise it' },
  pasteHint: { id: 'addressEdit.pasteHint', defaultMessage: 'For example: Chan Tai Man 66123456 Macau, 123 Av. de Almeida Ribeiro, Flat A 2/F' },
  recognise: { id: 'addressEdit.recognise', defaultMessage: 'Recognise' },
  recognised: { id: 'addressEdit.recognised', defaultMessage: 'The fields were filled in from the text. Please check them.' },
  notRecognised: { id: 'addressEdit.notRecognised', defaultMessage: 'Nothing could be recognised in this text.' },
  contact: { id: 'addressEdit.contact', defaultMessage: 'Contact' },
  name: { id: 'addressEdit.name', defaultMessage: 'Recipient' },
  areaNo: { id: 'addressEdit.areaNo', defaultMessage: 'Area code' },
  phone: { id: 'addressEdit.phone', defaultMessage: 'Mobile phone' },
  address: { id: 'addressEdit.address', defaultMessage: 'Address' },
  mainAddress: { id: 'addressEdit.mainAddress', defaultMessage: 'Detailed address (street and number)' },
  houseNumber: { id: 'addressEdit.houseNumber', defaultMessage: 'House number (building, floor and flat)' },
  isDefault: { id: 'addressEdit.isDefault', defaultMessage: 'Use as my default address' },
  position: { id: 'addressEdit.position', defaultMessage: 'Location on the map' },
  located: { id: 'addressEdit.located', defaultMessage: 'The location is set.' },
  notLocated: { id: 'addressEdit.notLocated', defaultMessage: 'No location yet: pick it on the map so we can deliver.' },
  pick: { id: 'addressEdit.pick', defaultMessage: 'Pick on the map' },
  repick: { id: 'addressEdit.repick', defaultMessage: 'Change the location on the map' },
  save: { id: 'addressEdit.save', defaultMessage: 'Save the address' },
  saving: { id: 'addressEdit.saving', defaultMessage: 'Saving…' },
});

/** Calling codes of the regions the picker knows (Macau, Hong Kong, Guangdong). */
const AREA_CODES = ['853', '852', '86'];

const blank: AddressInput = {
  CustName: '',
  CustPhone: '',
  AreaNo: '853',
  Province: '',
  City: '',
  District: '',
  MainAddress: '',
  HouseNumber: '',
  GPS_Lng: null,
  GPS_Lat: null,
  IsDefault: false,
};

interface Problems {
  contact?: MessageDescriptor;
  shipping?: MessageDescriptor;
}

/** SPEC section 5: contact first, then the shipping fields. */
export function addressProblems(a: AddressInput): Problems {
  const found: Problems = {};
  if (!a.CustName.trim() || !a.CustPhone.trim()) found.contact = validation.contactRequired;
  if (!(a.Province || a.City || a.District) || !a.MainAddress.trim() || !a.HouseNumber.trim()) found.shipping = validation.shippingIncomplete;
  return found;
}

export default function AddressEditPage() {
  injectCss('addresses', css);
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="address-page">
        <SignInPrompt back={pathOf('addressEdit')} />
      </section>
    );
  }
  return <AddressEditor />;
}

function AddressEditor() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const areas = useAreasQuery();
  const list = useAddressesQuery(undefined, { skip: !id });
  if (areas.isLoading || (id && list.isLoading)) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  if (areas.isError || !areas.data || (id && (list.isError || !list.data))) {
    return (
      <section className="address-page empty">
        <p role="alert">
          <FormattedMessage {...messages.failed} />
        </p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            void areas.refetch();
            if (id) void list.refetch();
          }}
        >
          <FormattedMessage {...messages.retry} />
        </button>
      </section>
    );
  }
  const existing = id ? list.data?.find((a) => a.AddressID === id) : undefined;
  if (id && !existing) {
    return (
      <p role="alert" className="empty">
        <FormattedMessage {...messages.missing} />
      </p>
    );
  }
  return <AddressForm key={id} areas={areas.data} existing={existing ?? null} choosing={search.get('choose') === '1'} />;
}

function AddressForm({ areas, existing, choosing }: { areas: Area[]; existing: Address | null; choosing: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const back = useBack(pathOf(choosing ? 'prepayOrderConfirm' : 'addressList'));
  const [form, setForm] = useState<AddressInput>(() => (existing ? { ...existing } : { ...blank }));
  const [attempted, setAttempted] = useState(false);
  const [pasted, setPasted] = useState('');
  const [pasteResult, setPasteResult] = useState<'recognised' | 'none' | null>(null);
  const [mapStart, setMapStart] = useState<{ lng: number; lat: number } | null>(null);
  const [serverError, setServerError] = useState<ReactNode>(null);
  const [save, saving] = useSaveAddressMutation();
  const [resolve] = useLazyResolveAddressQuery();
  const pasteId = useId();
  const defaultId = useId();
  const problems = attempted ? addressProblems(form) : {};
  const located = form.GPS_Lng !== null && form.GPS_Lat !== null;
  const region = useMemo<RegionValue>(() => ({ Province: form.Province, City: form.City, District: form.District }), [form.Province, form.City, form.District]);

  const change = (patch: Partial<AddressInput>) => setForm((f) => ({ ...f, ...patch }));
  const closeMap = useCallback(() => setMapStart(null), []);

  const handleRecognise = async () => {
    const p = parseAddress(pasted);
    const patch: Partial<AddressInput> = {};
    if (p.name) patch.CustName = p.name;
    if (p.phone) patch.CustPhone = p.phone;
    if (p.areaNo) patch.AreaNo = p.areaNo;
    const regionValue = p.regionId ? valueOfRegion(areas, p.regionId, locale) : null;
    if (regionValue) Object.assign(patch, regionValue);
    if (p.street) patch.MainAddress = p.street;
    if (p.houseNumber) patch.HouseNumber = p.houseNumber;
    const found = Object.keys(patch).length > 0;
    setPasteResult(found ? 'recognised' : 'none');
    if (!found) return;
    change(patch);
    // Place the pin on the street the text names, when the service knows it.
    if (p.street) {
      const where = await resolve({ Address: p.street });
      if (where.data) change({ GPS_Lng: where.data.GPS_Lng, GPS_Lat: where.data.GPS_Lat });
    }
  };

  const handlePicked = ({ GPS_Lng, GPS_Lat, resolution: r }: Picked) => {
    setMapStart(null);
    const patch: Partial<AddressInput> = { GPS_Lng, GPS_Lat };
    const regionValue = r.RegionID ? valueOfRegion(areas, r.RegionID, locale) : null;
    if (regionValue) Object.assign(patch, regionValue);
    // The street from the map, unless the detailed address already names it (in any language, with its number).
    const named = r.streetNames.some((n) => form.MainAddress.toLowerCase().includes(n.toLowerCase()));
    if (r.MainAddress && !named) patch.MainAddress = r.MainAddress;
    change(patch);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(addressProblems(form)).length > 0) return;
    const result = await save(form);
    if (result.error) {
      if (isGatewayError(result.error) && result.error.kind === 'business') setServerError(result.error.message);
      return;
    }
    if (choosing) dispatch(addressChosen(result.data));
    back();
  };

  return (
    <section className="address-page">
      <form className="address-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <div className="panel">
          <div className="field">
            <label htmlFor={pasteId}>
              <FormattedMessage {...messages.paste} />
            </label>
            <textarea id={pasteId} rows={3} maxLength={300} placeholder={intl.formatMessage(messages.pasteHint)} value={pasted} onChange={(e) => setPasted(e.target.value)} />
          </div>
          <button type="button" className="btn btn-small" onClick={() => void handleRecognise()} disabled={!pasted.trim()}>
            <FormattedMessage {...messages.recognise} />
          </button>
          {pasteResult && (
            <p role="status" className={pasteResult === 'none' ? 'note' : 'muted'}>
              <FormattedMessage {...(pasteResult === 'none' ? messages.notRecognised : messages.recognised)} />
            </p>
          )}
        </div>

        <FieldGroup className="panel" legend={messages.contact} error={problems.contact}>
          <TextField label={messages.name} value={form.CustName} onChange={(v) => change({ CustName: v })} invalid={!!problems.contact && !form.CustName.trim()} autoComplete="name" maxLength={40} />
          <div className="row">
            <SelectField label={messages.areaNo} value={form.AreaNo} onChange={(v) => change({ AreaNo: v })} options={AREA_CODES.includes(form.AreaNo) ? AREA_CODES : [form.AreaNo, ...AREA_CODES]} />
            <TextField label={messages.phone} value={form.CustPhone} onChange={(v) => change({ CustPhone: v })} invalid={!!problems.contact && !form.CustPhone.trim()} type="tel" autoComplete="tel-national" maxLength={20} />
          </div>
        </FieldGroup>

        <FieldGroup className="panel" legend={messages.address} error={problems.shipping}>
          <RegionPicker areas={areas} value={region} invalid={!!problems.shipping} onChange={(v) => change(v)} />
          <TextField label={messages.mainAddress} value={form.MainAddress} onChange={(v) => change({ MainAddress: v })} invalid={!!problems.shipping && !form.MainAddress.trim()} autoComplete="street-address" maxLength={200} />
          <TextField label={messages.houseNumber} value={form.HouseNumber} onChange={(v) => change({ HouseNumber: v })} invalid={!!problems.shipping && !form.HouseNumber.trim()} maxLength={100} />
          <div className="field">
            <span>
              <FormattedMessage {...messages.position} />
            </span>
            <p className={located ? 'muted' : 'note'} role="status">
              <FormattedMessage {...(located ? messages.located : messages.notLocated)} />
            </p>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setMapStart(located ? { lng: form.GPS_Lng!, lat: form.GPS_Lat! } : DEFAULT_CENTER)}
            >
              <FormattedMessage {...(located ? messages.repick : messages.pick)} />
            </button>
          </div>
        </FieldGroup>

        <div className="panel">
          <label className="check" htmlFor={defaultId}>
            <input id={defaultId} type="checkbox" checked={form.IsDefault} onChange={(e) => change({ IsDefault: e.target.checked })} />
            <FormattedMessage {...messages.isDefault} />
          </label>
        </div>

        {serverError && (
          <p role="alert" className="field-error">
            {serverError}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={saving.isLoading} aria-busy={saving.isLoading || undefined}>
          <FormattedMessage {...(saving.isLoading ? messages.saving : messages.save)} />
        </button>
      </form>
      {mapStart && <MapPicker start={mapStart} onPick={handlePicked} onCancel={closeMap} />}
    </section>
  );
}

function SelectField({ label, value, onChange, options }: { label: MessageDescriptor; value: string; onChange: (value: string) => void; options: string[] }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((code) => (
          <option key={code} value={code}>
            +{code}
          </option>
        ))}
      </select>
    </div>
  );
}
