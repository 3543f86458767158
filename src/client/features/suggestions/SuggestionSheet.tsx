/**
 * The small sheet of suggestions after an add (issue 29 section 3; shown by
 * SuggestAfterAdd): "goes well with" and up to 8 goods, each added with one
 * tap (or its options chosen), dismissed with one tap or Escape. Not modal:
 * no backdrop, the menu under it stays usable, focus is not taken from the
 * add button the customer just tapped.
 */
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import type { Suggestible } from './SuggestAfterAdd';

const messages = defineMessages({
  title: { id: 'suggest.title', defaultMessage: 'Goes well with {name}' },
  add: { id: 'suggest.add', defaultMessage: 'Add {name}' },
  dismiss: { id: 'suggest.dismiss', defaultMessage: 'No, thanks' },
});

export default function SuggestionSheet<G extends Suggestible>({ added, offers, onAccept, onClose }: { added: G; offers: readonly G[]; onAccept: (g: G) => void; onClose: () => void }) {
  const intl = useIntl();
  const money = useMoney();
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="suggestions"
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 'calc(72px + env(safe-area-inset-bottom))',
        zIndex: 20,
        maxWidth: 624,
        margin: '0 auto',
        background: '#fff',
        borderRadius: 12,
        boxShadow: '0 4px 18px rgba(0,0,0,.25)',
        padding: '8px 12px',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <h2 id={titleId} style={{ margin: 0, fontSize: 15 }}>
          <FormattedMessage {...messages.title} values={{ name: added.name }} />
        </h2>
        <button type="button" className="link-button" onClick={onClose}>
          <FormattedMessage {...messages.dismiss} />
        </button>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: 8, overflowX: 'auto' }}>
        {offers.map((g) => (
          <li key={g.GoodsID} style={{ flex: '0 0 auto', display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
            <span style={{ display: 'flex', flexDirection: 'column', fontSize: 14 }}>
              <span>{g.name}</span>
              <span style={{ color: 'var(--price)' }}>{money.price(g.promotePrice ?? g.salesPrice)}</span>
            </span>
            <button type="button" className="add-button" aria-label={intl.formatMessage(messages.add, { name: g.name })} onClick={() => onAccept(g)}>
              +
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
