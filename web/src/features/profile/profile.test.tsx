import { screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { ME, renderApp } from '../../../test/render';

const PROFILE = {
  _id: ME._id,
  fname: 'Ann',
  lname: 'Lee',
  birthday: '1990-04-02',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
};

describe('profile page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  async function openEditor() {
    const view = renderApp(`/profile/${ME._id}`);
    await screen.findByText('Manage your profile details.');
    await view.user.click(screen.getByRole('button', { name: 'Edit' }));
    return view;
  }

  it('when several fields are wrong, then the first failing rule of the spec order is shown', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ body: PROFILE }) });
    const { user } = await openEditor();
    const first = screen.getByLabelText('First Name');
    const last = screen.getByLabelText('Last Name');
    const city = screen.getByLabelText('City');
    const zip = screen.getByLabelText('Zip Code');
    const save = () => user.click(screen.getByRole('button', { name: 'Save' }));

    await user.clear(first);
    await user.type(first, 'Ann3');
    await user.clear(last);
    await user.type(last, 'L33');
    await user.clear(zip);
    await user.type(zip, '123');
    await user.clear(city);
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');

    await user.type(city, 'Austin');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('First name must contain only letters.');

    await user.clear(first);
    await user.type(first, 'Ann');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Last name must contain only letters.');

    await user.clear(last);
    await user.type(last, 'Lee');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Zip code must be exactly 5 digits.');
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)).toHaveLength(0);
  });

  it('when the zip is typed with letters and too many digits, then the letters go, the digits stay and too many is refused', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ body: PROFILE }) });
    const { user } = await openEditor();
    const zip = screen.getByLabelText('Zip Code');
    await user.clear(zip);
    await user.type(zip, '12a34567');
    expect(zip).toHaveValue('1234567');
    expect(screen.getByRole('alert')).toHaveTextContent('Zip code: at most 5 characters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)).toHaveLength(0);
  });

  it('when valid changes are saved, then the profile is sent and view mode returns with the success message', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'PUT /api/user/profile/:id': (req) => ({ body: { ...PROFILE, ...(req.body as object) } }),
    });
    const { user } = await openEditor();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Dallas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Profile updated successfully.')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const [put] = api.callsTo('PUT', `/api/user/profile/${ME._id}`);
    expect(put.body).toMatchObject({
      fname: 'Ann',
      lname: 'Lee',
      city: 'Dallas',
      state: 'TX',
      zip: '73301',
      birthday: '1990-04-02',
    });
  });

  it('when the owner lives in France, then Country, Region and Postal Code show, and a name of any script saves', async () => {
    const french = { ...PROFILE, city: 'Paris', state: 'Île-de-France', zip: '75001', country: 'FR' };
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: french }),
      'PUT /api/user/profile/:id': (req) => ({ body: { ...french, ...(req.body as object) } }),
    });
    const { user } = await openEditor();
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('France');
    expect(screen.getByLabelText('Region')).toHaveValue('Île-de-France');
    expect(screen.getByLabelText('Postal Code')).toHaveValue('75001');
    expect(screen.queryByLabelText('Zip Code')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Anaïs');
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'O’Neil-Dupont');
    await user.clear(screen.getByLabelText('Postal Code'));
    await user.type(screen.getByLabelText('Postal Code'), '75002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Profile updated successfully.')).not.toHaveLength(0);
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)[0].body).toMatchObject({
      fname: 'Anaïs',
      lname: 'O’Neil-Dupont',
      state: 'Île-de-France',
      zip: '75002',
      country: 'FR',
    });
    // The home currency was not changed here: left out, so the server keeps (or, for an account
    // without one that sets a country, chooses) it.
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)[0].body).not.toHaveProperty('home_currency');
  });

  it('when the owner picks another home currency, then it is sent with the change', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: { ...PROFILE, home_currency: 'USD' } }),
      'PUT /api/user/profile/:id': (req) => ({ body: { ...PROFILE, ...(req.body as object) } }),
    });
    const { user } = await openEditor();
    await user.selectOptions(screen.getByLabelText('Home currency'), 'CHF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Profile updated successfully.')).not.toHaveLength(0);
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)[0].body).toMatchObject({ home_currency: 'CHF' });
  });

  it('when the owner moves to the US, then a US state and a 5-digit zip are required before anything is sent', async () => {
    const french = { ...PROFILE, city: 'Paris', state: 'Île-de-France', zip: 'F-75001', country: 'FR' };
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: french }),
      'PUT /api/user/profile/:id': (req) => ({ body: { ...french, ...(req.body as object) } }),
    });
    const { user } = await openEditor();
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Select State');
    expect(screen.getByLabelText('Zip Code')).toHaveValue('75001');
    const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
    await user.selectOptions(screen.getByLabelText('State'), 'NY');
    await user.clear(screen.getByLabelText('Zip Code'));
    await user.type(screen.getByLabelText('Zip Code'), '1001');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Zip code must be exactly 5 digits.');
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Zip Code'), '0');
    await save();
    expect(await screen.findAllByText('Profile updated successfully.')).not.toHaveLength(0);
    expect(api.callsTo('PUT', `/api/user/profile/${ME._id}`)[0].body).toMatchObject({
      state: 'NY',
      zip: '10010',
      country: 'US',
    });
  });

  it('when a profile has no country (made before countries), then it edits as a US profile', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ body: PROFILE }) });
    await openEditor();
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('United States');
    expect(screen.getByLabelText('State')).toHaveDisplayValue('TX');
    expect(screen.getByLabelText('Zip Code')).toHaveAccessibleDescription(/^Must be exactly 5 digits\./);
    expect(screen.getByText('Must be exactly 5 digits.')).toBeInTheDocument();
  });

  it("when viewing a French traveller's profile, then where they live names the country", async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({
        body: {
          _id: '64b000000000000000000097',
          fname: 'Anaïs',
          lname: "O'Neil",
          city: 'Paris',
          state: 'Île-de-France',
          country: 'FR',
        },
      }),
    });
    renderApp('/profile/64b000000000000000000097');
    expect(await screen.findByText('Paris, Île-de-France, France')).toBeInTheDocument();
  });

  it('when the server refuses the change, then its message is shown', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'PUT /api/user/profile/:id': () => ({ status: 400, body: { msg: 'Invalid birthday' } }),
    });
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid birthday');
  });

  it("when viewing another user's profile, then only their public details show, with no form and no private fields", async () => {
    const { birthday: _birthday, zip: _zip, ...publicPart } = PROFILE;
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: { ...publicPart, _id: '64b000000000000000000099' } }),
    });
    renderApp('/profile/64b000000000000000000099');
    expect(
      await screen.findByText('You’re viewing another user’s profile. Only their public details are shown.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Austin, TX')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Date of Birth')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Zip Code')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
  });

  it('when the owner deletes the account with a wrong password, then the server’s message shows and nothing else happens', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'DELETE /api/user/me': () => ({ status: 403, body: { msg: 'The password is not correct.' } }),
    });
    const { user } = renderApp(`/profile/${ME._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('every trip, with all its date windows and costs');
    expect(dialog).toHaveTextContent('every wishlist');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password to delete your account.');
    expect(api.callsTo('DELETE', '/api/user/me')).toHaveLength(0);
    await user.type(screen.getByLabelText('Your password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not correct.');
    expect(api.callsTo('DELETE', '/api/user/me')[0].body).toEqual({ password: 'nope' });
  });

  it('when the owner deletes the account with the right password, then they are logged out on the landing page', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'DELETE /api/user/me': () => ({ body: { msg: 'Your account and all its data have been deleted.' } }),
      'GET /api/user/logout': () => ({ body: { msg: 'Logged out.' } }),
    });
    const { user, store } = renderApp(`/profile/${ME._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Your password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account and all its data have been deleted.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Plan Smarter, Travel Further.' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ isLogged: false, token: null });
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
  });

  it('when the owner downloads their data, then the export is fetched and offered as a file', async () => {
    const exported = { format: 'tripcost-export/1', trips: [], wishlists: [] };
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'GET /api/user/me/export': () => ({ body: exported }),
    });
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = renderApp(`/profile/${ME._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked).toEqual([expect.stringMatching(/^tripcost-data-\d{4}-\d{2}-\d{2}\.json$/)]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
  });

  it('when the profile does not exist, then User not found is shown', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ status: 404, body: { msg: 'User not found' } }) });
    renderApp('/profile/64b000000000000000000098');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Trips' })).toBeInTheDocument();
  });
});
