import React from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi, type FakeRequest } from '../../../test/fakeApi';
import { renderApp } from '../../../test/render';
import { WindowWeather } from './components/WindowWeather';

type Asked = { city: string; state?: string; country?: string; windows: { id: string; start: string; end: string }[] };

/** The batch route answering every window asked with `weather` (or `error`). */
const answerEach = (entry: (window: Asked['windows'][number]) => object) => (req: FakeRequest) => ({
  body: { windows: (req.body as Asked).windows.map((window) => ({ id: window.id, ...entry(window) })) },
});

describe('weather for a window’s dates', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const card = (start: string, end: string, compact = false) => (
    <WindowWeather
      key={start}
      location="Lisbon, Lisbon, Portugal"
      start={`${start}T00:00:00.000Z`}
      end={`${end}T00:00:00.000Z`}
      compact={compact}
    />
  );
  const show = (compact = false) => renderApp('/', undefined, card('2030-06-10', '2030-06-11', compact));

  it('when the window is far off, then typical weather with the years it averages', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': answerEach(() => ({
        weather: {
          kind: 'typical',
          years: { from: 2016, to: 2025 },
          days: [
            { date: '2030-06-10', min: 15.4, max: 24.6 },
            { date: '2030-06-11', min: 16, max: 26.2 },
          ],
        },
      })),
    });
    show();
    expect(await screen.findByText('Typical for these dates, 2016–2025')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Daily weather' }).children).toHaveLength(2);
    const [call] = api.calls;
    expect(call!.body).toEqual({
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      windows: [{ id: expect.any(String), start: '2030-06-10', end: '2030-06-11' }],
    });
  });

  it('when the window is near, then a one-line forecast on its card', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': answerEach(() => ({
        weather: { kind: 'forecast', days: [{ date: '2030-06-10', min: 12, max: 19.6, description: 'light rain' }] },
      })),
    });
    show(true);
    expect(await screen.findByText('Forecast:')).toBeInTheDocument();
    expect(screen.getByText(/12°C to 20°C/)).toBeInTheDocument();
  });

  it('when a board shows 26 window cards, then one request fetches the weather of all of them', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': answerEach((window) => ({
        weather: { kind: 'forecast', days: [{ date: window.start, min: Number(window.start.slice(8)), max: 30 }] },
      })),
    });
    const days = Array.from({ length: 26 }, (_, index) => `2030-07-${String(index + 1).padStart(2, '0')}`);
    renderApp('/', undefined, <>{days.map((day) => card(day, day, true))}</>);
    expect(await screen.findAllByText('Forecast:')).toHaveLength(26);
    // Each card shows its own entry: the 1st of July's low is 1°C, the 26th's 26°C.
    expect(screen.getByText(/^\s*1°C to 30°C/)).toBeInTheDocument();
    expect(screen.getByText(/26°C to 30°C/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect((api.calls[0]!.body as Asked).windows).toHaveLength(26);
  });

  it('when the cards of a board mount in separate commits a turn of the event loop apart, then they still share one request', async () => {
    // Each card's weather is its own Suspense boundary: React may show them in separate
    // commits once the lazy module arrives (the booking browser test once saw two requests).
    api = installFakeApi({
      'POST /api/weather/windows': answerEach((window) => ({
        weather: { kind: 'forecast', days: [{ date: window.start, min: 10, max: 20 }] },
      })),
    });
    let showSecond = () => {};
    function Later({ children }: { children: React.ReactNode }) {
      const [shown, setShown] = React.useState(false);
      showSecond = () => setShown(true);
      return shown ? <>{children}</> : null;
    }
    renderApp(
      '/',
      undefined,
      <>
        {card('2030-08-01', '2030-08-02', true)}
        <Later>{card('2030-08-05', '2030-08-06', true)}</Later>
      </>,
    );
    // One macrotask later (what a batch of one event-loop turn sent alone), the second card mounts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => showSecond());
    await waitFor(() => expect(screen.getAllByText('Forecast:')).toHaveLength(2));
    expect(api.calls).toHaveLength(1);
    expect((api.calls[0]!.body as Asked).windows).toHaveLength(2);
  });

  it('when a board shows 60 cards, then the windows go in batches of at most 50', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': answerEach((window) => ({
        weather: { kind: 'typical', days: [{ date: window.start, min: 10, max: 20 }] },
      })),
    });
    const days = Array.from({ length: 60 }, (_, index) =>
      new Date(Date.UTC(2030, 0, 1 + index)).toISOString().slice(0, 10),
    );
    renderApp('/', undefined, <>{days.map((day) => card(day, day, true))}</>);
    expect(await screen.findAllByText('Typical for these dates:')).toHaveLength(60);
    expect(api.calls.map((call) => (call.body as Asked).windows.length)).toEqual([50, 10]);
  });

  it('when the provider is unavailable, then it says so instead of showing numbers', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': () => ({
        status: 503,
        body: { msg: 'The weather service is not available right now.' },
      }),
    });
    show();
    expect(await screen.findByText('Weather for these dates is unavailable right now.')).toBeInTheDocument();
  });

  it('when only this window failed, then it says so', async () => {
    api = installFakeApi({
      'POST /api/weather/windows': answerEach(() => ({ error: { status: 502, msg: 'The weather service sent…' } })),
    });
    show();
    expect(await screen.findByText('Weather for these dates is unavailable right now.')).toBeInTheDocument();
  });
});
