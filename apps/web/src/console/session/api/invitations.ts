/** An invitation link: what it invites to (preview), and accepting it (a new account or the signed-in one). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreview } from '@vitrine/contracts/console';
import { consoleCall } from '../../api/console-api';
import { ME_KEY } from '../../api/me';

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['invitation', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => consoleCall<InvitationPreview>('POST', '/api/console/invitations/preview', { token }),
  });

export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; name?: string; password: string }) =>
      consoleCall('POST', '/api/console/invitations/accept', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ME_KEY }),
  });
}
