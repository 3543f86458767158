/** "Email me the receipt" on a paid order's page (issue 29): the form, its checks, the service's answer and refusals. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, holdAnswers, makeRefuse, resetGateway, seen, server } from '../../test/gateway';
import { guest, orderState, PAY_METHODS, sheetDetail } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const DETAILS = '/pages/orderDetails/orderDetails?SheetID=SH1';
const DETAIL = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';
const MAIL = 'PosSalSheet_ReceiptMailSubmit_Add';
const PREF = 'PosSalSheet_ReceiptMailPrefGet_Get';

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS));
afterEach(() => resetGateway());
afterAll(() => server.close());

const paid = () => sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid', TotalAmo: '96.0000' });
const mails = () => seen.filter((r) => r.op === MAIL).map((r) => r.json.tableData?.[0]);

test("a member's receipt: the saved address to start with, a bad address stopped here, then sent with the company details and the standing choice", async () => {
  answer(DETAIL, paid());
  answer(PREF, { table1: [{ Email: 'chan@example.com', Auto: 0, Title: '', TaxNo: '' }] });
  answer(MAIL, (req) => ({ table1: [{ SheetID: 'SH1', Email: String(req.json.tableData?.[0]?.Email), Auto: 1 }] }));
  const release = holdAnswers(PREF);
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  await user.click(await screen.findByRole('button', { name: 'Email me the receipt' }));

  const email = screen.getByRole('textbox', { name: 'Email address' });
  // Until the member's saved address is read the field waits (it would land in the middle of what they type), then it is filled.
  expect(email).toBeDisabled();
  release();
  await waitFor(() => expect(email).toHaveValue('chan@example.com'));
  expect(email).toBeEnabled();
  await user.clear(email);
  await user.type(email, 'chan@example');
  await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address, e.g. name@example.com.');
  expect(mails()).toEqual([]);

  await user.type(email, '.mo');
  await user.type(screen.getByRole('textbox', { name: 'Company title (optional)' }), 'Harbour Trading Ltd');
  await user.type(screen.getByRole('textbox', { name: 'Company number (optional)' }), '12345678');
  await user.click(screen.getByRole('checkbox', { name: 'Email me every receipt automatically' }));
  await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
  expect(await screen.findByText(/The receipt is on its way to chan@example\.mo\./)).toHaveTextContent('The receipt is on its way to chan@example.mo. Every receipt will also be emailed to chan@example.mo.');
  expect(mails()).toEqual([expect.objectContaining({ SheetID: 'SH1', Email: 'chan@example.mo', Title: 'Harbour Trading Ltd', TaxNo: '12345678', Auto: 1 })]);
});

test("a guest is not offered the standing choice; the service's refusal is told in the form", async () => {
  answer(DETAIL, paid());
  makeRefuse(MAIL, '42900', 'This receipt has been sent 5 times in the last hour. Please try again later.');
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState({ who: guest }) });
  await user.click(await screen.findByRole('button', { name: 'Email me the receipt' }));
  expect(screen.queryByRole('checkbox')).toBeNull();
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'walk-in@example.com');
  await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This receipt has been sent 5 times in the last hour. Please try again later.');
  expect(mails()).toEqual([expect.not.objectContaining({ Auto: expect.anything() })]);
  // Nothing asked of a guest's saved choice.
  expect(seen.some((r) => r.op === PREF)).toBe(false);
});

test('an order not paid yet offers no receipt', async () => {
  answer(DETAIL, sheetDetail({ Status: 0, PayStatus: 0, DisplayState: 'unpaid' }));
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Email me the receipt' })).toBeNull();
});
