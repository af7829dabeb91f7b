/**
 * Staff e-mails (invitations, password resets) go through the outbox as jobs that name a row, never a token:
 * the link is minted when the e-mail is sent, so neither the outbox nor a log ever holds a live link. A retried
 * job mints a new link (the previous one, never delivered, stops working).
 */
import { ROLE_LABELS } from '@vitrine/contracts/console';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { mailerFor, type Mail, type Mailer } from '../../adapters/email/mailer.ts';
import { enqueueJob, type JobHandlers } from '../../modules/outbox/service.ts';
import { mintResetLink, mintInvitationLink, consoleLinkUrl } from '../../modules/staff/service.ts';

const INVITATION_JOB = 'staff.invitation-email';
const RESET_JOB = 'staff.reset-email';

export const queueInvitationEmail = (tx: Queryable, shopId: string, invitationId: string) =>
  enqueueJob(tx, shopId, INVITATION_JOB, { invitationId }, `staff-invitation:${invitationId}`, null);

export const queueResetEmail = (tx: Queryable, shopId: string, tokenId: string) =>
  enqueueJob(tx, shopId, RESET_JOB, { tokenId }, `staff-reset:${tokenId}`, null);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, subject: string, lines: string[], link: { label: string; url: string }): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`].join('\n');
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
  return { to, subject, text, html };
}

const masked = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

/** The outbox's handlers of staff e-mails; `mailer` defaults to the configured one. */
export function staffEmailJobs(
  db: Db,
  config: Config,
  mailer: Mailer = mailerFor(config.staff.email),
): JobHandlers {
  return {
    [INVITATION_JOB]: async (job, meta) => {
      const minted = await mintInvitationLink(db, String(job.invitationId));
      if (!minted) return 'convite não está mais pendente';
      const { invitation, token } = minted;
      const mail = compose(
        invitation.email,
        `Convite para a equipe de ${invitation.shop_name}`,
        [
          `Você foi convidado(a) para a equipe de ${invitation.shop_name} no Vitrine como ${ROLE_LABELS[invitation.role]}.`,
          'O convite vale por 7 dias.',
        ],
        { label: 'Aceitar convite', url: consoleLinkUrl(config.publicUrl, 'convite', token) },
      );
      const sent = await mailer.send({ ...mail, idempotencyKey: `vitrine-outbox-${meta.outboxId}` });
      return `${sent.id} → ${masked(invitation.email)}`;
    },
    [RESET_JOB]: async (job, meta) => {
      const minted = await mintResetLink(db, String(job.tokenId));
      if (!minted) return 'pedido de nova senha não está mais válido';
      const mail = compose(
        minted.user.email,
        'Redefinir sua senha do Vitrine',
        [
          `Olá, ${minted.user.name}. Recebemos um pedido para redefinir a senha do seu acesso ao console do Vitrine.`,
          'O link vale por 1 hora. Se não foi você, ignore este e-mail.',
        ],
        { label: 'Criar nova senha', url: consoleLinkUrl(config.publicUrl, 'redefinir-senha', minted.token) },
      );
      const sent = await mailer.send({ ...mail, idempotencyKey: `vitrine-outbox-${meta.outboxId}` });
      return `${sent.id} → ${masked(minted.user.email)}`;
    },
  };
}
