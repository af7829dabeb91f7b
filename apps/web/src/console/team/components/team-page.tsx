/** Equipe (owner): members in a table (change role, remove with confirmation), pending invitations, invite. */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { flexRender, useTable } from '@tanstack/react-table';
import { ROLE_LABELS, type StaffRole, type TeamMember } from '@vitrine/contracts/console';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useMe, useShopTimeZone } from '../../api/me';
import { useCancelInvitation, useChangeRole, useRemoveMember, useTeam } from '../api/team';
import { formatDateTime } from '../../components/format-date';
import { InviteForm } from './invite-form';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { teamColumns, teamTableFeatures } from './columns';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/table-head';

export function TeamPage({ shop }: { shop: string }) {
  const team = useTeam(shop);
  const selfId = useMe().data?.user.id;
  const timeZone = useShopTimeZone(shop);
  const changeRole = useChangeRole(shop);
  const remove = useRemoveMember(shop);
  const cancel = useCancelInvitation(shop);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const fail = (error: unknown) => showToast(errorText(error), { variant: 'error' });
  const busy = changeRole.isPending || remove.isPending;
  const columns = useMemo(
    () =>
      teamColumns({
        selfId,
        timeZone,
        busy,
        onRole: (member: TeamMember, role: StaffRole) =>
          changeRole.mutate(
            { userId: member.userId, role },
            {
              onSuccess: () =>
                showToast(`${member.name} agora é ${ROLE_LABELS[role]}.`, { variant: 'success' }),
              onError: fail,
            },
          ),
        onRemove: setRemoving,
      }),
    [selfId, timeZone, busy, changeRole],
  );
  const members = useMemo(() => team.data?.members ?? [], [team.data]);
  const table = useTable({
    features: teamTableFeatures,
    data: members,
    columns,
    getRowId: (row) => row.userId,
  });

  if (team.isPending) return <Loading />;
  if (team.isError) return <LoadError error={team.error} onRetry={() => void team.refetch()} />;
  const { invitations } = team.data;
  return (
    <>
      <div className="console-title-row">
        <h1 className="console-title">Equipe</h1>
        <span className="console-title-links">
          <Link href={`/console/lojas/${shop}/contatos`}>Dados de contatos (LGPD)</Link>
          <Link href={`/console/lojas/${shop}/auditoria`}>Registro de atividades</Link>
        </span>
      </div>
      <section className="console-card" aria-labelledby="members-title">
        <h2 id="members-title" className="console-subtitle">
          Pessoas com acesso
        </h2>
        <div className="console-table-wrap">
          <table className="console-table">
            <TableHead groups={table.getHeaderGroups()} />
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      data-label={
                        typeof cell.column.columnDef.header === 'string'
                          ? cell.column.columnDef.header
                          : undefined
                      }
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="console-card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="console-subtitle">
          Convidar alguém
        </h2>
        <InviteForm shop={shop} />
      </section>
      <section className="console-card" aria-labelledby="pending-title">
        <h2 id="pending-title" className="console-subtitle">
          Convites pendentes
        </h2>
        {invitations.length === 0 ? (
          <Empty>Nenhum convite aguardando resposta.</Empty>
        ) : (
          <ul className="console-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="console-list__item">
                <span>
                  <strong>{invitation.email}</strong> · {ROLE_LABELS[invitation.role]}
                  <span className="console-muted">
                    {' '}
                    · vale até {formatDateTime(invitation.expiresAt, timeZone)}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(invitation.id, { onError: fail })}
                >
                  Cancelar<span className="console-visually-hidden"> convite de {invitation.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remover acesso"
        confirmLabel="Remover"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              showToast(`${removing.name} não tem mais acesso à loja.`, { variant: 'success' });
              setRemoving(null);
            },
            onError: (error) => {
              setRemoving(null);
              fail(error);
            },
          })
        }
      >
        <p>
          {removing?.name} ({removing?.email}) deixará de acessar o console desta loja. Deseja continuar?
        </p>
      </ConfirmDialog>
    </>
  );
}
