/**
 * Add items to a table's open sheet at the screen (issue 26 section 5): the
 * outlet's menu as the customer's chooser offers it (a spec, a pack, the
 * bundle's parts, add-ons, a remark, a quantity; what is switched off at the
 * outlet is not offered, and the service refuses it), gathered into a round and
 * sent in one go. The service prices it as a customer's round (sold out
 * refused) and the kitchen gets its ticket. Loaded when first opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffFixLine, StaffMenuGoods } from '../../shared/protocol/staffFix';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { StaffApi, StaffSheet } from '../api';
import { FIELD_STYLE, INPUT_STYLE } from './dialogStyle';

const m = defineMessages({
  title: { id: 'staff.add.title', defaultMessage: 'Add items' },
  search: { id: 'staff.add.search', defaultMessage: 'Find a dish' },
  choose: { id: 'staff.add.choose', defaultMessage: 'Choose {name}' },
  soldOut: { id: 'staff.add.soldOut', defaultMessage: 'Sold out' },
  spec: { id: 'staff.add.spec', defaultMessage: 'Spec' },
  pack: { id: 'staff.add.pack', defaultMessage: 'Pack' },
  loose: { id: 'staff.add.loose', defaultMessage: 'Single' },
  group: { id: 'staff.add.group', defaultMessage: '{name} (choose {count})' },
  groupOptional: { id: 'staff.add.groupOptional', defaultMessage: '{name} (up to {count})' },
  groupRange: { id: 'staff.add.groupRange', defaultMessage: '{name} (choose {min} to {max})' },
  addOns: { id: 'staff.add.addOns', defaultMessage: 'Add-ons' },
  quantity: { id: 'staff.add.quantity', defaultMessage: 'Quantity' },
  remark: { id: 'staff.add.remark', defaultMessage: 'Remark for the kitchen' },
  addLine: { id: 'staff.add.addLine', defaultMessage: 'Add to the round' },
  round: { id: 'staff.add.round', defaultMessage: 'The new round' },
  remove: { id: 'staff.add.remove', defaultMessage: 'Remove {name}' },
  send: { id: 'staff.add.send', defaultMessage: 'Send to the kitchen' },
  cancel: { id: 'staff.add.cancel', defaultMessage: 'Back' },
  loading: { id: 'staff.add.loading', defaultMessage: 'Loading the menu…' },
  failed: { id: 'staff.add.failed', defaultMessage: 'Not added: {reason}' },
});

type Picked = { line: StaffFixLine; text: string };

export default function AddItems({ api, sheet, onDone, onCancel }: { api: StaffApi; sheet: StaffSheet; onDone: (after: { totalAmo: string }) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [goods, setGoods] = useState<StaffMenuGoods[] | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StaffMenuGoods | null>(null);
  const [round, setRound] = useState<Picked[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    api
      .call('GET /staff/chooser', { query: { baseId: sheet.baseId } })
      .then((menu) => live && setGoods(menu.goods))
      .catch((err: Error) => live && setError(intl.formatMessage(m.failed, { reason: err.message })));
    return () => {
      live = false;
    };
  }, [api, intl, sheet.baseId]);

  const shown = useMemo(() => (goods ?? []).filter((g) => g.name.toLowerCase().includes(search.trim().toLowerCase())).slice(0, 30), [goods, search]);

  const handleSend = async () => {
    setError('');
    try {
      const answer = await api.call('POST /staff/sheets/:id/lines', { params: { id: sheet.sheetId }, body: { lines: round.map((p) => p.line) } });
      onDone(answer.sheet);
    } catch (err) {
      setError(intl.formatMessage(m.failed, { reason: err instanceof Error ? err.message : String(err) }));
    }
  };

  if (!goods) {
    return error ? (
      <p role="alert" className="error">
        {error}
      </p>
    ) : (
      <p role="status">
        <FormattedMessage {...m.loading} />
      </p>
    );
  }
  return (
    <section aria-label={intl.formatMessage(m.title)}>
      <h3>
        <FormattedMessage {...m.title} />
      </h3>
      {chosen ? (
        <GoodsChooser
          goods={chosen}
          onAdd={(p) => {
            setRound((r) => [...r, p]);
            setChosen(null);
          }}
          onCancel={() => setChosen(null)}
        />
      ) : (
        <>
          <label style={FIELD_STYLE}>
            <FormattedMessage {...m.search} />
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} style={INPUT_STYLE} />
          </label>
          <ul className="lines">
            {shown.map((g) => (
              <li key={g.goodsId}>
                <button type="button" className="btn" disabled={g.soldOut} onClick={() => setChosen(g)} aria-label={intl.formatMessage(m.choose, { name: g.name })}>
                  {g.name} {Number(g.price).toFixed(2)}
                  {g.soldOut && (
                    <>
                      {' '}
                      <FormattedMessage {...m.soldOut} />
                    </>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {round.length > 0 && (
        <>
          <h4>
            <FormattedMessage {...m.round} />
          </h4>
          <ul className="lines">
            {round.map((p, i) => (
              <li key={i}>
                {p.text}{' '}
                <button type="button" className="btn" onClick={() => setRound((r) => r.filter((_, k) => k !== i))}>
                  <FormattedMessage {...m.remove} values={{ name: p.text }} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={round.length === 0} onClick={() => void handleSend()}>
          <FormattedMessage {...m.send} />
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </section>
  );
}

/** One dish's choices, as the customer's chooser has them: spec, pack, bundle parts, add-ons, remark, quantity. */
function GoodsChooser({ goods: g, onAdd, onCancel }: { goods: StaffMenuGoods; onAdd: (p: Picked) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [skuId, setSkuId] = useState(g.skus.find((k) => !k.soldOut)?.skuId ?? '');
  const [pUnit, setPUnit] = useState('');
  const [parts, setParts] = useState<Record<string, string[]>>({});
  const [options, setOptions] = useState<string[]>([]);
  const [qua, setQua] = useState(1);
  const [remark, setRemark] = useState('');
  const groupsOk = g.bomGroups.every((c) => {
    const n = parts[c.bomClassId]?.length ?? 0;
    return n >= c.selectMin && n <= c.selectQua;
  });
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  const handleAdd = () => {
    const sku = g.skus.find((k) => k.skuId === skuId);
    const pack = g.packs.find((p) => p.pUnit === pUnit);
    const line: StaffFixLine = {
      goodsId: g.goodsId,
      skuId,
      pUnit,
      pQua: pack ? qua : 0,
      mQua: pack ? 0 : qua,
      bom: Object.entries(parts).flatMap(([bomClassId, ids]) => ids.map((goodsId) => ({ bomClassId, goodsId }))),
      options,
      remarks: remark.trim() ? [remark.trim()] : [],
    };
    const words = [sku?.spec, pack?.name, ...g.addOns.filter((o) => options.includes(o.optionId)).map((o) => o.name)].filter(Boolean).join(' · ');
    onAdd({ line, text: `${qua}× ${g.name}${words ? ` (${words})` : ''}` });
  };

  return (
    <div role="group" aria-label={g.name}>
      <h4>{g.name}</h4>
      {g.skus.length > 0 && (
        <label style={FIELD_STYLE}>
          <FormattedMessage {...m.spec} />
          <select value={skuId} onChange={(e) => setSkuId(e.target.value)} style={INPUT_STYLE}>
            {g.skus.map((k) => (
              <option key={k.skuId} value={k.skuId} disabled={k.soldOut}>
                {k.spec} {Number(k.price).toFixed(2)}
                {k.soldOut ? ` (${intl.formatMessage(m.soldOut)})` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {g.packs.length > 0 && (
        <label style={FIELD_STYLE}>
          <FormattedMessage {...m.pack} />
          <select value={pUnit} onChange={(e) => setPUnit(e.target.value)} style={INPUT_STYLE}>
            <option value="">{intl.formatMessage(m.loose)}</option>
            {g.packs.map((p) => (
              <option key={p.pUnit} value={p.pUnit}>
                {p.name} {Number(p.price).toFixed(2)}
              </option>
            ))}
          </select>
        </label>
      )}
      {g.bomGroups.map((c) => (
        <fieldset key={c.bomClassId}>
          <legend>
            <FormattedMessage
              {...(c.selectMin === c.selectQua ? m.group : c.selectMin === 0 ? m.groupOptional : m.groupRange)}
              values={{ name: c.name, count: c.selectQua, min: c.selectMin, max: c.selectQua }}
            />
          </legend>
          {c.parts.map((p) => (
            <label key={p.goodsId} style={{ display: 'block', minHeight: 36 }}>
              <input
                type="checkbox"
                disabled={p.soldOut}
                checked={parts[c.bomClassId]?.includes(p.goodsId) ?? false}
                onChange={() => setParts((all) => ({ ...all, [c.bomClassId]: toggle(all[c.bomClassId] ?? [], p.goodsId) }))}
              />{' '}
              {p.name}
              {Number(p.bomAmo) > 0 ? ` +${Number(p.bomAmo).toFixed(2)}` : ''}
            </label>
          ))}
        </fieldset>
      ))}
      {g.addOns.length > 0 && (
        <fieldset>
          <legend>
            <FormattedMessage {...m.addOns} />
          </legend>
          {g.addOns.map((o) => (
            <label key={o.optionId} style={{ display: 'block', minHeight: 36 }}>
              <input type="checkbox" checked={options.includes(o.optionId)} onChange={() => setOptions((list) => toggle(list, o.optionId))} /> {o.name} +{Number(o.price).toFixed(2)}
            </label>
          ))}
        </fieldset>
      )}
      <label style={FIELD_STYLE}>
        <FormattedMessage {...m.quantity} />
        <input type="number" min={1} max={99} value={qua} onChange={(e) => setQua(Math.max(1, Math.min(99, Math.floor(Number(e.target.value) || 1))))} style={INPUT_STYLE} />
      </label>
      <label style={FIELD_STYLE}>
        <FormattedMessage {...m.remark} />
        <input type="text" maxLength={60} value={remark} onChange={(e) => setRemark(e.target.value)} style={INPUT_STYLE} />
      </label>
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={!groupsOk || (g.skus.length > 0 && !skuId)} onClick={handleAdd}>
          <FormattedMessage {...m.addLine} />
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <FormattedMessage {...m.cancel} />
        </button>
      </div>
    </div>
  );
}
