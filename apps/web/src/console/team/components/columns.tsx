/** Columns of the team table (TanStack Table): name, e-mail, role (changeable), since, remove (not on one's own row). */
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole, type TeamMember } from '@vitrine/contracts/console';
import { formatDateTime } from '../../components/format-date';

/** The table's features: none beyond the core (a short list, no sorting or paging). */
export const teamTableFeatures = tableFeatures({});
const column = createColumnHelper<typeof teamTableFeatures, TeamMember>();

export type TeamActions = {
  selfId: string | undefined;
  /** The shop's time zone (decision 0043). */
  timeZone: string;
  busy: boolean;
  onRole: (member: TeamMember, role: StaffRole) => void;
  onRemove: (member: TeamMember) => void;
};

export function teamColumns({ selfId, timeZone, busy, onRole, onRemove }: TeamActions) {
  return column.columns([
    column.accessor('name', {
      header: 'Nome',
      cell: (info) => (
        <>
          {info.getValue()}
          {info.row.original.userId === selfId && <span className="console-muted"> (você)</span>}
        </>
      ),
    }),
    column.accessor('email', { header: 'E-mail' }),
    column.accessor('role', {
      header: 'Papel',
      cell: (info) => (
        <select
          className="field__control console-role"
          aria-label={`Papel de ${info.row.original.name}`}
          value={info.getValue()}
          disabled={busy}
          onChange={(event) => onRole(info.row.original, event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      ),
    }),
    column.accessor('since', { header: 'Desde', cell: (info) => formatDateTime(info.getValue(), timeZone) }),
    column.display({
      id: 'actions',
      header: () => <span className="console-visually-hidden">Ações</span>,
      // One's own row offers no 'Remover' (an owner cannot leave the shop without an owner).
      cell: (info) =>
        info.row.original.userId === selfId ? null : (
          <button
            type="button"
            className="button button--outline console-danger"
            disabled={busy}
            onClick={() => onRemove(info.row.original)}
          >
            Remover<span className="console-visually-hidden"> {info.row.original.name}</span>
          </button>
        ),
    }),
  ]);
}
