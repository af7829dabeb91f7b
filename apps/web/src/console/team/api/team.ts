/** The shop's team and its invitations (invite, change a role, remove, cancel). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole, Team } from '@vitrine/contracts/console';
import { consoleCall } from '../../api/console-api';

const teamKey = (shop: string) => ['shop', shop, 'team'] as const;

export const useTeam = (shop: string) =>
  useQuery({
    queryKey: teamKey(shop),
    queryFn: () => consoleCall<Team>('GET', `/api/console/shops/${shop}/team`),
  });

/** A team change: the call, then the team (and the audit log) read again. */
function useTeamChange<T>(shop: string, call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['shop', shop] }),
  });
}

export const useInvite = (shop: string) =>
  useTeamChange(shop, (body: { email: string; role: StaffRole }) =>
    consoleCall('POST', `/api/console/shops/${shop}/team/invitations`, body),
  );

export const useChangeRole = (shop: string) =>
  useTeamChange(shop, ({ userId, role }: { userId: string; role: StaffRole }) =>
    consoleCall('PUT', `/api/console/shops/${shop}/team/members/${userId}`, { role }),
  );

export const useRemoveMember = (shop: string) =>
  useTeamChange(shop, (userId: string) =>
    consoleCall('DELETE', `/api/console/shops/${shop}/team/members/${userId}`),
  );

export const useCancelInvitation = (shop: string) =>
  useTeamChange(shop, (id: string) =>
    consoleCall('DELETE', `/api/console/shops/${shop}/team/invitations/${id}`),
  );
