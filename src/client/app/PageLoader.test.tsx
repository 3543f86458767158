/** Pages load on demand: nothing for 600 ms, then a loading view; a failure or 60 s offers a retry. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageLoader } from './PageLoader';
import type { PageModule } from './routes';
import { renderWithProviders } from '../test/render';

function Page() {
  return <p>the page</p>;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

test('the loading view appears only after 600 ms', async () => {
  let resolve: (m: PageModule) => void = () => undefined;
  const load = () => new Promise<PageModule>((r) => (resolve = r));
  renderWithProviders(<PageLoader load={load} />);
  await flush();
  act(() => jest.advanceTimersByTime(599));
  expect(screen.queryByText('Loading…')).toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(await screen.findByText('Loading…')).toBeInTheDocument();
  await act(async () => resolve({ default: Page }));
  expect(screen.getByText('the page')).toBeInTheDocument();
});

test('a chunk that fails to load offers a retry that loads it', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let calls = 0;
  const load = () => {
    calls += 1;
    if (calls === 1) {
      const err = new Error('Loading chunk 7 failed.');
      err.name = 'ChunkLoadError';
      return Promise.reject(err);
    }
    return Promise.resolve({ default: Page });
  };
  renderWithProviders(<PageLoader load={load} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
  expect(errors).toHaveBeenCalledWith('ChunkLoadError', 'Loading chunk 7 failed.');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('the page')).toBeInTheDocument();
  errors.mockRestore();
});

test('a page that does not load in 60 s fails with a retry', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithProviders(<PageLoader load={() => new Promise<PageModule>(() => undefined)} />);
  await flush();
  act(() => jest.advanceTimersByTime(59_999));
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  errors.mockRestore();
});
