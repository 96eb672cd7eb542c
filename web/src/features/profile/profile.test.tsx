import { screen } from '@testing-library/react';
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

  it('when the zip is typed with letters and too many digits, then only 5 digits are kept', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ body: PROFILE }) });
    const { user } = await openEditor();
    const zip = screen.getByLabelText('Zip Code');
    await user.clear(zip);
    await user.type(zip, '12a34567');
    expect(zip).toHaveValue('12345');
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

  it('when the server refuses the change, then its message is shown', async () => {
    api = installFakeApi({
      'GET /api/user/profile/:id': () => ({ body: PROFILE }),
      'PUT /api/user/profile/:id': () => ({ status: 400, body: { msg: 'Invalid birthday' } }),
    });
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid birthday');
  });

  it("when viewing another user's profile, then editing is disabled with the amber notice", async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ body: { ...PROFILE, _id: 'other' } }) });
    renderApp('/profile/64b000000000000000000099');
    expect(await screen.findByText('You’re viewing another user’s profile. Editing is disabled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toBeDisabled();
  });

  it('when the profile does not exist, then User not found is shown', async () => {
    api = installFakeApi({ 'GET /api/user/profile/:id': () => ({ status: 404, body: { msg: 'User not found' } }) });
    renderApp('/profile/64b000000000000000000098');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Trips' })).toBeInTheDocument();
  });
});
