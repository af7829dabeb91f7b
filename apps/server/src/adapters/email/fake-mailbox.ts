/**
 * The demo's mailbox: what the console "sent" by e-mail, kept in this process (the last 200) and read on
 * /dev/mailbox (demo mode, this computer or the platform key). Links in it are live: it is the person's inbox.
 */
import { randomUUID } from 'node:crypto';
import type { Mail, Mailer } from './mail.ts';

export type MailboxEntry = Mail & { id: string; sentAt: string };
const KEEP = 200;
const boxes: MailboxEntry[] = [];

export function createFakeMailbox(): Mailer {
  return {
    send: async (mail) => {
      const entry = { ...mail, id: `mail_${randomUUID()}`, sentAt: new Date().toISOString() };
      boxes.push(entry);
      if (boxes.length > KEEP) boxes.splice(0, boxes.length - KEEP);
      return { id: entry.id };
    },
  };
}

/** Mails sent to `to` (every mail when omitted), newest first. */
export function readFakeMailbox(to?: string): MailboxEntry[] {
  const wanted = to?.toLowerCase();
  return boxes.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
}
