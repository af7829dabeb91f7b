/**
 * The recovery module's public face (issue 36, decision 0057): rules, the scans (carts, unpaid charges), reminders,
 * contacts' opt-out.
 */
export {
  contactRecoveryState,
  deleteContactRecoveryState,
  recordInbound,
  recordOptOut,
  lockContactState,
  type ContactState,
} from './contacts.ts';
export {
  decideReminder,
  delayOf,
  firstName,
  reminderText,
  type Decision,
  type Delivery,
  type DueReminder,
} from './decide.ts';
export { decidePaymentReminder, paymentReminderText, type DuePayment } from './decide-payment.ts';
export { quietUntil } from './quiet-hours.ts';
export {
  claimDueReminder,
  deleteScheduledReminders,
  markSent,
  markSkipped,
  recipientOf,
  recordRecoveries,
  scanBatch,
  scanPaymentBatch,
  type PaymentCursor,
  type ScanBatch,
  reschedule,
  scheduleSecond,
  sentToContactSince,
  type ReminderRow,
} from './reminders-repository.ts';
export { contactReminders, listReminders, recoveredByWeek, recoveredSince } from './reminders-reads.ts';
export { readRecoveryRule, saveRecoveryRule } from './rules-repository.ts';
export { claimScan } from './scan.ts';
