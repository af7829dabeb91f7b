/** staff_invitations: an e-mail invited to a shop with a role, accepted once through its link. */
import type { StaffRole } from '@vitrine/contracts/console';
import type { Queryable } from '../../db/client.ts';

export type InvitationRow = {
  id: string;
  shop_id: string;
  shop_slug: string;
  shop_name: string;
  email: string;
  role: StaffRole;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

const SELECT = `select i.id, i.shop_id, s.slug as shop_slug, s.name as shop_name, i.email, i.role, i.expires_at,
  i.accepted_at, i.revoked_at from staff_invitations i join shops s on s.id = i.shop_id`;

export async function insertInvitation(
  db: Queryable,
  invitation: {
    id: string;
    shopId: string;
    email: string;
    role: StaffRole;
    invitedBy: string | null;
    tokenHash: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into staff_invitations (id, shop_id, email, role, invited_by, token_hash, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      invitation.id,
      invitation.shopId,
      invitation.email,
      invitation.role,
      invitation.invitedBy,
      invitation.tokenHash,
      invitation.expiresAt,
    ],
  );
}

export async function findInvitationByHash(db: Queryable, hash: string): Promise<InvitationRow | null> {
  const [row] = await db.query<InvitationRow>(`${SELECT} where i.token_hash = $1`, [hash]);
  return row ?? null;
}

export async function findInvitationById(db: Queryable, id: string): Promise<InvitationRow | null> {
  const [row] = await db.query<InvitationRow>(`${SELECT} where i.id = $1`, [id]);
  return row ?? null;
}

/** Pending (not accepted, revoked or expired) invitations of a shop, newest first. */
export async function listPendingInvitations(db: Queryable, shopId: string): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `${SELECT} where i.shop_id = $1 and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
     order by i.created_at desc`,
    [shopId],
  );
}

/** Gives a pending invitation a new token (its link is minted when the e-mail goes out). */
export async function setInvitationToken(db: Queryable, id: string, hash: string): Promise<boolean> {
  const rows = await db.query(
    `update staff_invitations set token_hash = $2
      where id = $1 and accepted_at is null and revoked_at is null and expires_at > now() returning id`,
    [id, hash],
  );
  return rows.length > 0;
}

/** Marks the invitation accepted once; false when it was already used, revoked or expired. */
export async function markInvitationAccepted(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    `update staff_invitations set accepted_at = now(), token_hash = null
      where id = $1 and accepted_at is null and revoked_at is null and expires_at > now() returning id`,
    [id],
  );
  return rows.length > 0;
}

export async function revokeInvitation(db: Queryable, shopId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `update staff_invitations set revoked_at = now(), token_hash = null
      where id = $1 and shop_id = $2 and accepted_at is null and revoked_at is null returning id`,
    [id, shopId],
  );
  return rows.length > 0;
}
