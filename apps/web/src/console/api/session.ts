/** Sign-in, the signed-in user and passwords: TanStack Query hooks over the console session routes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleMe } from '@vitrine/contracts/console';
import { ConsoleApiError, consoleCall, setCsrfToken } from './console-api';

export const ME_KEY = ['console', 'me'] as const;

/** The signed-in user (null when signed out); keeps the CSRF token for later calls. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        const me = await consoleCall<ConsoleMe>('GET', '/api/console/me');
        setCsrfToken(me.csrfToken);
        return me;
      } catch (error) {
        if (error instanceof ConsoleApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** After any call that sets the session cookie: read `/me` again. */
function useSignedIn<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ME_KEY }),
  });
}

export const useSignIn = () =>
  useSignedIn((body: { email: string; password: string }) =>
    consoleCall('POST', '/api/console/session', body),
  );

export const useLinkSignIn = () =>
  useSignedIn((token: string) => consoleCall('POST', '/api/console/session/link', { token }));

export const useResetPassword = () =>
  useSignedIn((body: { token: string; password: string }) =>
    consoleCall('POST', '/api/console/password/reset', body),
  );

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: { email: string }) => consoleCall('POST', '/api/console/password/forgot', body),
  });

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall('DELETE', '/api/console/session'),
    onSuccess: () => {
      setCsrfToken('');
      client.setQueryData(ME_KEY, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] === 'shop' });
    },
  });
}
