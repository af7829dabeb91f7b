/** The staff module's public face: what routes, flows, plugins and other modules use of it (docs/architecture.md). */
export { membershipIn, shopsOfUser } from './access.ts';
export { mintResetLink, requestPasswordReset, resetPassword } from './password-reset.ts';
export {
  issueSignInLink,
  openStaffSession,
  resolveStaffSession,
  signIn,
  signInWithLink,
  signOut,
} from './sign-in.ts';
export type { IssuedStaffSession } from './sign-in.ts';
export {
  acceptInvitation,
  cancelInvitation,
  changeRole,
  createInvitation,
  listTeam,
  mintInvitationLink,
  previewInvitation,
  removeMember,
} from './team.ts';
export { consoleLinkUrl, csrfTokenOf } from './tokens.ts';
export { deleteUserSessions as endStaffSessions } from './session-repository.ts';
