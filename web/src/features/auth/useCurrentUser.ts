// The logged-in user, read from the query cache (getUserInfo): the one copy of it.
import { useAppSelector } from '../../lib/hooks';
import { selectIsLoggedIn } from '../../lib/session';
import type { User } from '../../lib/types';
import { authApi } from './api';

export function useCurrentUser(): User | undefined {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return authApi.useGetUserInfoQuery(undefined, { skip: !loggedIn }).data;
}
