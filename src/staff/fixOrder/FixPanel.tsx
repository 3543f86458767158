/**
 * A sheet's fix panel (issue 26 section 5), a dialog over the board: its
 * lines, each with "Void" (VoidDialog: a reason from the list and a
 * manager's or owner's login and PIN); for a table's open sheet, "Add items"
 * (the AddItems chooser, loaded when opened) and "Move to another table"
 * (MoveSheet), and the table's live cart (src/staff/tableCart). Below the lines, the bill (issue 28: BillSummary, the
 * service charge, tips, every payment and what is left). The service
 * decides and re-prices; the board and the customers' pages follow its
 * live events.
 */
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { specWords } from '../../shared/domain/rounds';
import { defineMessages } from '../../ui-kit/defineMessages';
import type { StaffApi, StaffItem, StaffSheet } from '../api';
import { TableCartButton } from '../tableCart/TableCartButton';
import { BillSummary } from './bill/BillSummary';
import { MoveSheet } from './MoveSheet';
import { VoidDialog } from './VoidDialog';
import { DIALOG_STYLE, OVERLAY_STYLE } from './dialogStyle';

const AddItems = lazy(() => import(/* webpackChunkName: "fix-add-items" */ './AddItems'));

const m = defineMessages({
  title: { id: 'staff.fix.title', defaultMessage: 'Fix order {number}' },
  lines: { id: 'staff.fix.lines', defaultMessage: 'Lines' },
  voidLine: { id: 'staff.fix.voidLine', defaultMessage: 'Void {name}' },
  voided: { id: 'staff.fix.voided', defaultMessage: 'Voided: {reason}' },
  addItems: { id: 'staff.fix.addItems', defaultMessage: 'Add items' },
  move: { id: 'staff.fix.move', defaultMessage: 'Move to another table' },
  close: { id: 'staff.fix.close', defaultMessage: 'Close' },
  total: { id: 'staff.fix.total', defaultMessage: 'Total {amount}' },
  loading: { id: 'staff.fix.loading', defaultMessage: 'Loading…' },
});

type Step = { kind: 'lines' } | { kind: 'void'; item: StaffItem } | { kind: 'add' } | { kind: 'move' };

export default function FixPanel({ api, sheet, onChanged, onClose }: { api: StaffApi; sheet: StaffSheet; onChanged: () => void; onClose: () => void }) {
  const intl = useIntl();
  const [step, setStep] = useState<Step>({ kind: 'lines' });
  const [total, setTotal] = useState(sheet.totalAmo);
  const tableOpen = sheet.payMode === 'postpay' && sheet.status === 0 && sheet.tableId !== '' && sheet.payStatus === 0;
  const title = intl.formatMessage(m.title, { number: sheet.sheetId.slice(-4) });
  const done = (after: { totalAmo: string }) => {
    setTotal(after.totalAmo);
    setStep({ kind: 'lines' });
    onChanged();
  };
  return (
    <div style={OVERLAY_STYLE}>
      <div role="dialog" aria-modal="true" aria-label={title} style={DIALOG_STYLE}>
        <h2>{title}</h2>
        <p>
          <FormattedMessage {...m.total} values={{ amount: Number(total).toFixed(2) }} />
        </p>
        {step.kind === 'lines' && (
          <>
            <h3>
              <FormattedMessage {...m.lines} />
            </h3>
            <ul className="lines">
              {sheet.items.map((i) => (
                <li key={i.itemId}>
                  {i.voided ? <s>{lineText(i)}</s> : lineText(i)} {Number(i.amo).toFixed(2)}
                  {i.voided ? (
                    <span className="muted small">
                      {' '}
                      <FormattedMessage {...m.voided} values={{ reason: i.voidReason }} />
                    </span>
                  ) : (
                    <button type="button" className="btn btn-danger" onClick={() => setStep({ kind: 'void', item: i })}>
                      <FormattedMessage {...m.voidLine} values={{ name: i.goodsName }} />
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <BillSummary sheet={sheet} />
            <div className="actions">
              {tableOpen && (
                <button type="button" className="btn" onClick={() => setStep({ kind: 'add' })}>
                  <FormattedMessage {...m.addItems} />
                </button>
              )}
              {tableOpen && (
                <button type="button" className="btn" onClick={() => setStep({ kind: 'move' })}>
                  <FormattedMessage {...m.move} />
                </button>
              )}
              {/* The table's live cart, the round its diners are putting together (issue 28 section 1). */}
              {tableOpen && <TableCartButton api={api} tableId={sheet.tableId} tableName={sheet.tableName} />}
            </div>
          </>
        )}
        {step.kind === 'void' && <VoidDialog api={api} sheet={sheet} item={step.item} onDone={done} onCancel={() => setStep({ kind: 'lines' })} />}
        {step.kind === 'move' && <MoveSheet api={api} sheet={sheet} onDone={done} onCancel={() => setStep({ kind: 'lines' })} />}
        {step.kind === 'add' && (
          <Suspense
            fallback={
              <p role="status">
                <FormattedMessage {...m.loading} />
              </p>
            }
          >
            <AddItems api={api} sheet={sheet} onDone={done} onCancel={() => setStep({ kind: 'lines' })} />
          </Suspense>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={onClose}>
            <FormattedMessage {...m.close} />
          </button>
        </div>
      </div>
    </div>
  );
}

function lineText(i: StaffItem): string {
  const spec = i.skuItems ? ` (${specWords(i.skuItems).join(' / ')})` : '';
  return `${Number(i.qua)}× ${i.goodsName}${spec}`;
}
