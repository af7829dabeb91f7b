/** Sign-in (password or link), sign-out and passwords: TanStack Query hooks over the console session routes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall, setCsrfToken } from '../../api/console-api';
import { ME_KEY } from '../../api/me';

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

/** After a sign-out: forget the CSRF token, the signed-in user and every shop's data. */
function useSignedOut(call: () => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      setCsrfToken('');
      client.setQueryData(ME_KEY, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] === 'shop' });
    },
  });
}

export const useSignOut = () => useSignedOut(() => consoleCall('DELETE', '/api/console/session'));

/** 'Sair de todos os dispositivos': every console session of the user and every agent link they opened end. */
export const useSignOutEverywhere = () => useSignedOut(() => consoleCall('DELETE', '/api/console/sessions'));
