// Another user's profile, read-only: only the public part (name, city, state, country).
// The birthday and zip code are never sent to anyone but the owner.
import { countryName, DEFAULT_COUNTRY } from '@tripcost/shared/domain';
import type { PublicProfile } from '../../../lib/types';
import './profile.css';

export function PublicProfileCard({ profile }: { profile: PublicProfile }) {
  // "Austin, TX" as the spec shows it; outside the US the country is named ("Paris, Île-de-France, France").
  const country = profile.country && profile.country !== DEFAULT_COUNTRY ? countryName(profile.country) : '';
  const place = [profile.city, profile.state, country].filter(Boolean).join(', ');
  return (
    <div className="panel">
      <h1 className="profile__name">
        {profile.fname} {profile.lname}
      </h1>
      <p className="notice notice--amber" role="note">
        You’re viewing another user’s profile. Only their public details are shown.
      </p>
      <dl className="profile__public">
        <div>
          <dt>First Name</dt>
          <dd>{profile.fname}</dd>
        </div>
        <div>
          <dt>Last Name</dt>
          <dd>{profile.lname}</dd>
        </div>
        <div>
          <dt>Lives in</dt>
          <dd>{place || '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
