// The register form: names of any script, a country, and for it either the US state
// list and zip or a region and postal code; the server's rules are checked before sending.
import { screen } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/render';

const LOGGED_OUT = { status: 'ready' as const, token: null, isLogged: false };

describe('register page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function open() {
    api = installFakeApi({
      'POST /api/user/register': () => ({ status: 201, body: { msg: 'Registration successful. Please log in.' } }),
    });
    return renderApp('/register', LOGGED_OUT);
  }

  async function fillPerson(user: ReturnType<typeof open>['user'], fname: string, lname: string) {
    await user.type(await screen.findByLabelText('First Name'), fname);
    await user.type(screen.getByLabelText('Last Name'), lname);
    await user.type(screen.getByLabelText('Email'), 'anais@example.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Date of Birth'), '1990-04-02');
    await user.type(screen.getByLabelText('City'), 'Paris');
  }

  it('then the country defaults to the United States, every country is offered by name, and no input cuts what is typed', async () => {
    open();
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    expect(country).toHaveDisplayValue('United States');
    expect(country.options).toHaveLength(249);
    expect(Array.from(country.options).map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['France', 'Japan', 'Brazil', 'United Kingdom']),
    );
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Select State');
    // Limits are counted and refused at the field (the next test), never a silent maxlength cut.
    for (const label of ['Zip Code', 'First Name', 'Last Name', 'City', 'Email', 'Password'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('maxlength');
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
  });

  it('when a first name is pasted past its limit, then it is kept whole, counted, refused at the field and nothing is sent', async () => {
    const { user } = open();
    await fillPerson(user, 'Ana', 'Lee');
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Zip Code'), '73301');
    const name = screen.getByLabelText('First Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('A'.repeat(51));
    expect(name).toHaveValue('A'.repeat(51));
    expect(name).toHaveAccessibleDescription('51 of 50 characters First name: at most 50 characters');
    expect(name).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(api.callsTo('POST', '/api/user/register')).toHaveLength(0);
    // One character back under the limit: the counter stays, the refusal goes.
    await user.type(name, '{Backspace}');
    expect(name).toHaveAccessibleDescription('50 of 50 characters');
    expect(name).toBeValid();
  });

  it('when a traveller from France registers, then Region and Postal Code replace State and Zip and the country is sent', async () => {
    const { user } = open();
    await fillPerson(user, 'Anaïs', "O'Neil");
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Zip Code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Region'), 'Île-de-France');
    await user.type(screen.getByLabelText('Postal Code'), '75001');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created. Please log in.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/register')[0].body).toMatchObject({
      fname: 'Anaïs',
      lname: "O'Neil",
      city: 'Paris',
      state: 'Île-de-France',
      zip: '75001',
      country: 'FR',
    });
    // No home currency: the server gives a new traveller their country's (EUR here).
    expect(api.callsTo('POST', '/api/user/register')[0].body).not.toHaveProperty('home_currency');
  });

  it('when a field breaks a rule, then the server’s message shows before anything is sent', async () => {
    const { user } = open();
    await fillPerson(user, 'Ana3', 'Lee');
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Zip Code'), '73301');
    const submit = () => user.click(screen.getByRole('button', { name: 'Create account' }));
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('First name must contain only letters.');

    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Ana Maria');
    await user.clear(screen.getByLabelText('Zip Code'));
    await user.type(screen.getByLabelText('Zip Code'), '7330');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Zip code must be exactly 5 digits.');

    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.type(screen.getByLabelText('Region'), 'Zone 9');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Region must contain only letters, spaces, hyphens, apostrophes and periods.',
    );
    expect(api.callsTo('POST', '/api/user/register')).toHaveLength(0);
  });

  it('when an invited traveller with no account registers from the login page, then the invitation link is kept for after login', async () => {
    api = installFakeApi({
      'POST /api/user/register': () => ({ status: 201, body: { msg: 'Registration successful. Please log in.' } }),
    });
    const { user } = renderApp(`/login?next=${encodeURIComponent('/join/tok')}`, LOGGED_OUT);
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fjoin%2Ftok');
    await fillPerson(user, 'Cy', 'Friend');
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Zip Code'), '73301');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created. Please log in.')).toBeInTheDocument();
    // The login page it lands on still knows where to go next.
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fjoin%2Ftok',
    );
  });

  it('when an invitation link is opened logged out, then the login page says it is for joining a trip', async () => {
    api = installFakeApi({});
    renderApp('/join/tok', LOGGED_OUT);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to join this trip.')).toBeInTheDocument();
  });

  it('when the login page is opened on its own, then it says nothing about joining', async () => {
    api = installFakeApi({});
    renderApp('/login', LOGGED_OUT);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText('Log in or create an account to join this trip.')).not.toBeInTheDocument();
  });

  it('when the country switches between the US and elsewhere, then the state is cleared and the zip kept as far as it fits', async () => {
    const { user } = open();
    await user.selectOptions(await screen.findByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Zip Code'), '73301');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByLabelText('Region')).toHaveValue('');
    expect(screen.getByLabelText('Postal Code')).toHaveValue('73301');
    await user.clear(screen.getByLabelText('Postal Code'));
    await user.type(screen.getByLabelText('Postal Code'), 'sw1a 1aa!');
    expect(screen.getByLabelText('Postal Code')).toHaveValue('sw1a 1aa');
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Select State');
    expect(screen.getByLabelText('Zip Code')).toHaveValue('11');
  });
});
