/**
 * vipDetailsEdit through the UI: the avatar's checks on the phone, the signed
 * upload (file last) and saving the new HeadImg, the storage's refusals, the
 * name rule, saving the profile, and a guest asked to sign in.
 */
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import VipDetailsEditPage from './VipDetailsEditPage';

const ROUTE = '/pages/vipDetailsEdit/vipDetailsEdit';
const KEY = 'UserHeadImg/2026/11/0123456789abcdef.png';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

jest.setTimeout(20_000);

/** Files as a browser hands them over (Node's File, which Node's FormData and fetch take). */
const file = (parts: (string | Uint8Array)[], name: string, type: string) => new NodeFile(parts, name, { type }) as unknown as File;

let headImg = '';
let uploads: { keys: string[]; fields: Record<string, string>; fileName: string; fileSize: number }[] = [];
let storageAnswer: () => Response = () => new HttpResponse(null, { status: 200 });

const detailRow = (): StandInRow<'EntVip_EntVipDetailGet_V1_Get'> => ({
  VipID: 'VIP1',
  VipName: 'Chan Tai Man',
  Sex: 2,
  HeadImg: headImg,
  Phone: '66123456',
  AreaNo: '853',
  Birthy: '1990-05-01',
  VipCode: '8530000001',
  Balance: '500.0000',
  Score: '1200.0000',
  CouponCount: 3,
  IsGuest: 0,
  EntID: '881000000101',
});

const storageHandler = http.post('*/sandbox/storage/upload', async ({ request }) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  let fileName = '';
  let fileSize = -1;
  for (const [k, v] of form.entries()) {
    if (typeof v === 'string') fields[k] = v;
    else {
      fileName = v.name;
      fileSize = v.size;
    }
  }
  uploads.push({ keys: [...form.keys()], fields, fileName, fileSize });
  return storageAnswer();
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  headImg = '';
  uploads = [];
  storageAnswer = () => new HttpResponse(null, { status: 200 });
  server.use(storageHandler);
  answer('EntVip_EntVipDetailGet_V1_Get', () => ({ table1: [detailRow()] }));
  answer('File_BatchFileNameGet_Add', {
    table1: [
      {
        FileName: KEY,
        UploadUrl: '/sandbox/storage/upload',
        Policy: 'cG9saWN5',
        OSSAccessKeyId: 'sandbox-access-key',
        Signature: 'c2lnbmF0dXJl',
        SuccessActionStatus: '200',
        Expiration: '2036-11-20T00:00:00.000Z',
      },
    ],
  });
  answer('EntVip_EntVipSubmit_Update', (req) => {
    const row = req.json.tableData[0]!;
    if (typeof row.HeadImg === 'string') headImg = row.HeadImg;
    return { table1: [{ ...detailRow(), ...(typeof row.VipName === 'string' ? { VipName: row.VipName } : {}) }] };
  });
});
afterEach(() => {
  resetGateway();
  server.resetHandlers();
});
afterAll(() => server.close());

const signedIn = () => ({ shop: shopState(), auth: { member, status: 'signedIn' as const } });
const ops = (op: string) => seen.filter((r) => r.op === op);

async function openPage(user = userEvent.setup()) {
  const view = renderWithProviders(<VipDetailsEditPage />, { route: ROUTE, preloadedState: signedIn() });
  const input = await screen.findByLabelText('Change profile picture');
  return { ...view, user, input: input as HTMLInputElement };
}

describe('the avatar', () => {
  test('a file over 5 MB is refused on the phone, before anything is sent', async () => {
    const { user, input } = await openPage();
    await user.upload(input, file([new Uint8Array(5_242_881)], 'big.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 5 MB');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(ops('File_BatchFileNameGet_Add')).toHaveLength(0);
    expect(uploads).toHaveLength(0);
  });

  test('a file that is not a picture is refused', async () => {
    const { user, input } = await openPage(userEvent.setup({ applyAccept: false }));
    await user.upload(input, file(['hello'], 'notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a picture. Please choose a JPEG, PNG, WebP or GIF picture.');
    expect(ops('File_BatchFileNameGet_Add')).toHaveLength(0);
  });

  test('no file is a file error', async () => {
    const { input } = await openPage();
    fireEvent.change(input, { target: { files: [] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('File error');
    expect(ops('File_BatchFileNameGet_Add')).toHaveLength(0);
  });

  test('a picture: a name and a signed policy, the upload with the file last, then the new HeadImg is saved', async () => {
    const { user, input } = await openPage();
    expect(screen.getByRole('img', { name: "Chan Tai Man's profile picture" }).tagName).toBe('SPAN');
    await user.upload(input, file([PNG], 'me.png', 'image/png'));
    expect(await screen.findByText('Your new profile picture is saved.')).toBeInTheDocument();

    const [request] = ops('File_BatchFileNameGet_Add');
    expect(request!.json.tableData[0]).toMatchObject({ ClassID: 'UserHeadImg', FileName: 'me.png', FileSize: PNG.length, FileType: 'image/png', SourceName: 'me.png' });
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.keys[upload!.keys.length - 1]).toBe('file');
    expect(upload!.keys.slice(0, 5)).toEqual(['key', 'policy', 'OSSAccessKeyId', 'signature', 'success_action_status']);
    expect(upload!.fields).toMatchObject({ key: KEY, policy: 'cG9saWN5', OSSAccessKeyId: 'sandbox-access-key', signature: 'c2lnbmF0dXJl', success_action_status: '200' });
    expect(upload).toMatchObject({ fileName: 'me.png', fileSize: PNG.length });

    // Saved after the upload, as the object's key; the picture comes from the picture domain.
    const [save] = ops('EntVip_EntVipSubmit_Update');
    expect(save!.json.tableData[0]).toMatchObject({ HeadImg: KEY });
    expect(seen.findIndex((r) => r.op === 'EntVip_EntVipSubmit_Update')).toBeGreaterThan(seen.findIndex((r) => r.op === 'File_BatchFileNameGet_Add'));
    await waitFor(() => expect(screen.getByRole('img', { name: "Chan Tai Man's profile picture" })).toHaveAttribute('src', `/oss/${KEY}`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test.each([
    [400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.', 'The file is larger than 5 MB'],
    [400, 'InvalidArgument', 'The file is not a PNG, JPEG, WebP or GIF picture.', 'This file is not a picture. Please choose a JPEG, PNG, WebP or GIF picture.'],
    [403, 'AccessDenied', 'Invalid according to Policy: Policy expired.', 'The picture could not be uploaded. Please try again.'],
  ])('the storage answering %i %s: its reason, and nothing saved', async (status, code, message, shown) => {
    storageAnswer = () =>
      new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>R1</RequestId></Error>`, {
        status,
        headers: { 'content-type': 'application/xml' },
      });
    const { user, input } = await openPage();
    await user.upload(input, file([PNG], 'me.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(uploads).toHaveLength(1);
    expect(ops('EntVip_EntVipSubmit_Update')).toHaveLength(0);
  });

  test('a success status other than 200 is a failure too', async () => {
    storageAnswer = () => new HttpResponse(null, { status: 204 });
    const { user, input } = await openPage();
    await user.upload(input, file([PNG], 'me.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture could not be uploaded. Please try again.');
    expect(ops('EntVip_EntVipSubmit_Update')).toHaveLength(0);
  });
});

describe('the profile form', () => {
  test('shows the details; the name rule; saving name, gender and birthday', async () => {
    const { user, store } = await openPage();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Chan Tai Man');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByLabelText('Birthday')).toHaveValue('1990-05-01');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('+853 66123456');
    expect(phone).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Change' })).toHaveAttribute('href', '/pages/changeByCode/changeByCode');

    // Two spaces in a row: not allowed by the name rule (one between letters is, issue 23 item 16).
    await user.clear(name);
    await user.type(name, 'Chan  Tai Man');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name contains invalid characters.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'Tom!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name contains invalid characters.');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(ops('EntVip_EntVipSubmit_Update')).toHaveLength(0);

    await user.type(name, '陈（大文）_Chan-1');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '1991-02-03' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(screen.queryByText('Name contains invalid characters.')).toBeNull();
    const [save] = ops('EntVip_EntVipSubmit_Update');
    expect(save!.json.tableData[0]).toMatchObject({ VipName: '陈（大文）_Chan-1', Sex: 1, Birthy: '1991-02-03' });
    expect(store.getState().auth.member?.VipName).toBe('陈（大文）_Chan-1');

    // A space and an apostrophe between letters (issue 23 item 16).
    await user.clear(name);
    await user.type(name, "Tom O'Brien");
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(ops('EntVip_EntVipSubmit_Update')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(ops('EntVip_EntVipSubmit_Update')[1]!.json.tableData[0]).toMatchObject({ VipName: "Tom O'Brien" });
  });

  test('the chosen gender shows as chosen, not only to a screen reader', async () => {
    const { user } = await openPage();
    const chip = (name: string) => screen.getByRole('radio', { name }).closest('label');
    expect(chip('Male')).toHaveClass('chosen');
    expect(chip('Female')).not.toHaveClass('chosen');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect(chip('Female')).toHaveClass('chosen');
    expect(chip('Male')).not.toHaveClass('chosen');
  });
});

test('a guest is asked to sign in and comes back here', async () => {
  renderWithProviders(<VipDetailsEditPage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member: guest, status: 'signedIn' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/loginByCode/loginByCode?redirect=/pages/vipDetailsEdit/vipDetailsEdit');
  expect(screen.queryByLabelText('Change profile picture')).toBeNull();
  await new Promise((r) => setTimeout(r, 50));
  expect(ops('EntVip_EntVipDetailGet_V1_Get')).toHaveLength(0);
});
