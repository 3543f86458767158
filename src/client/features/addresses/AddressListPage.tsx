/**
 * addressList (SPEC sections 2, 7): the member's shipping addresses
 * (VipAddress_VipAddressListByPage_Get, PageSize 999), the default first;
 * edit, delete after a confirmation, add. Opened from the confirm page
 * (`?choose=1`) each address can be chosen for the delivery, which goes back
 * there. A guest is asked to sign in.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../app/uiSlice';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useIsMember, SignInPrompt } from '../../session';
import { useBack } from '../../ui/useBack';
import { addressLine, useAddressesQuery, useDeleteAddressMutation, type Address } from './addressApi';
import { addressChosen } from '../../flows/addressChosen';
import css from './addresses.css';
import { injectCss } from './injectCss';
import { addressEditPath } from './paths';

const messages = defineMessages({
  loading: { id: 'addressList.loading', defaultMessage: 'Loading your addresses…' },
  failed: { id: 'addressList.failed', defaultMessage: 'Your addresses could not be loaded.' },
  retry: { id: 'addressList.retry', defaultMessage: 'Try again' },
  empty: { id: 'addressList.empty', defaultMessage: 'You have no shipping address yet.' },
  add: { id: 'addressList.add', defaultMessage: 'Add a new address' },
  isDefault: { id: 'addressList.isDefault', defaultMessage: 'Default' },
  edit: { id: 'addressList.edit', defaultMessage: 'Edit {address}' },
  editShort: { id: 'addressList.editShort', defaultMessage: 'Edit' },
  delete: { id: 'addressList.delete', defaultMessage: 'Delete {address}' },
  deleteShort: { id: 'addressList.deleteShort', defaultMessage: 'Delete' },
  choose: { id: 'addressList.choose', defaultMessage: 'Deliver to {name}, {address}' },
  chooseShort: { id: 'addressList.chooseShort', defaultMessage: 'Deliver here' },
  confirmDelete: { id: 'addressList.confirmDelete', defaultMessage: 'Delete this address?' },
  list: { id: 'addressList.list', defaultMessage: 'Shipping addresses' },
});

export default function AddressListPage() {
  injectCss('addresses', css);
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="address-page">
        <SignInPrompt back={pathOf('addressList')} />
      </section>
    );
  }
  return <AddressBook />;
}

function AddressBook() {
  const [search] = useSearchParams();
  const choosing = search.get('choose') === '1';
  const dispatch = useAppDispatch();
  const confirm = useConfirm();
  const go = useGo();
  const back = useBack(pathOf('prepayOrderConfirm'));
  const { data, isLoading, isError, refetch } = useAddressesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, removing] = useDeleteAddressMutation();
  const intl = useIntl();

  if (isLoading) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.loading} />
      </p>
    );
  }
  if (isError || !data) {
    return (
      <section className="address-page empty">
        <p role="alert">
          <FormattedMessage {...messages.failed} />
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
          <FormattedMessage {...messages.retry} />
        </button>
      </section>
    );
  }

  const handleDelete = async (a: Address) => {
    if (!(await confirm({ message: messages.confirmDelete }))) return;
    await remove(a.AddressID);
  };
  const handleChoose = (a: Address) => {
    dispatch(addressChosen(a));
    back();
  };

  return (
    <section className="address-page">
      {data.length === 0 ? (
        <p className="empty">
          <FormattedMessage {...messages.empty} />
        </p>
      ) : (
        <ul className="address-list" aria-label={intl.formatMessage(messages.list)}>
              {data.map((a) => (
                <AddressCard
                  key={a.AddressID}
                  address={a}
                  choosing={choosing}
                  busy={removing.isLoading}
                  onChoose={() => handleChoose(a)}
                  onEdit={() => go(addressEditPath({ id: a.AddressID, choose: choosing }))}
                  onDelete={() => void handleDelete(a)}
                />
              ))}
        </ul>
      )}
      <div className="address-add">
        <Link className="btn btn-primary btn-block" to={addressEditPath({ choose: choosing })}>
          <FormattedMessage {...messages.add} />
        </Link>
      </div>
    </section>
  );
}

function AddressCard({
  address: a,
  choosing,
  busy,
  onChoose,
  onEdit,
  onDelete,
}: {
  address: Address;
  choosing: boolean;
  busy: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const line = addressLine(a, locale);
  return (
    <li className={`address-card${a.IsDefault ? ' default' : ''}`}>
      <div className="address-head">
        <span className="address-name">{a.CustName}</span>
        <span>
          +{a.AreaNo} {a.CustPhone}
        </span>
        {a.IsDefault && (
          <span className="address-badge">
            <FormattedMessage {...messages.isDefault} />
          </span>
        )}
      </div>
      <p className="address-text">{line}</p>
      <div className="address-actions">
        {choosing && (
          <button type="button" className="btn btn-primary btn-small" aria-label={intl.formatMessage(messages.choose, { name: a.CustName, address: line })} onClick={onChoose}>
            <FormattedMessage {...messages.chooseShort} />
          </button>
        )}
        <button type="button" className="btn btn-small" aria-label={intl.formatMessage(messages.edit, { address: line })} onClick={onEdit}>
          <FormattedMessage {...messages.editShort} />
        </button>
        <button type="button" className="btn btn-small" aria-label={intl.formatMessage(messages.delete, { address: line })} onClick={onDelete} disabled={busy}>
          <FormattedMessage {...messages.deleteShort} />
        </button>
      </div>
    </li>
  );
}
