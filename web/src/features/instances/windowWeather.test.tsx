import { screen } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/render';
import { WindowWeather } from './components/WindowWeather';

describe('weather for a window’s dates', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const show = (compact = false) =>
    renderApp(
      '/',
      undefined,
      <WindowWeather
        location="Lisbon, Lisbon, Portugal"
        start="2030-06-10T00:00:00.000Z"
        end="2030-06-11T00:00:00.000Z"
        compact={compact}
      />,
    );

  it('when the window is far off, then typical weather with the years it averages', async () => {
    api = installFakeApi({
      'GET /api/weather/window': () => ({
        body: {
          kind: 'typical',
          years: { from: 2016, to: 2025 },
          days: [
            { date: '2030-06-10', min: 15.4, max: 24.6 },
            { date: '2030-06-11', min: 16, max: 26.2 },
          ],
        },
      }),
    });
    show();
    expect(await screen.findByText('Typical for these dates, 2016–2025')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Daily weather' }).children).toHaveLength(2);
    const [call] = api.calls;
    expect(Object.fromEntries(call!.query)).toEqual({
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      start: '2030-06-10',
      end: '2030-06-11',
    });
  });

  it('when the window is near, then a one-line forecast on its card', async () => {
    api = installFakeApi({
      'GET /api/weather/window': () => ({
        body: { kind: 'forecast', days: [{ date: '2030-06-10', min: 12, max: 19.6, description: 'light rain' }] },
      }),
    });
    show(true);
    expect(await screen.findByText('Forecast:')).toBeInTheDocument();
    expect(screen.getByText(/12°C to 20°C/)).toBeInTheDocument();
  });

  it('when the provider is unavailable, then it says so instead of showing numbers', async () => {
    api = installFakeApi({
      'GET /api/weather/window': () => ({
        status: 503,
        body: { msg: 'The weather service is not available right now.' },
      }),
    });
    show();
    expect(await screen.findByText('Weather for these dates is unavailable right now.')).toBeInTheDocument();
  });
});
