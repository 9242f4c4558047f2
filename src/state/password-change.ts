// issue 13: the envelope code of a session whose account still holds an administrator-given
// password (the server's ErrorCode.passwordChangeRequired); only the password change works.
export const PASSWORD_CHANGE_REQUIRED = 40301;
