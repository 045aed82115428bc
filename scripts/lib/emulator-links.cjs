// The Auth emulator sends no email: it writes each link it makes (verify an
// email, reset a password...) into its own log, in a line `pnpm start` would
// otherwise hide. `emulatorLinkLine` turns that line into the one line a person
// needs, with the link alone at its end so that terminals make it clickable.
'use strict';

/** The emulator's sentences (firebase-tools lib/emulator/auth/operations.js `logOobMessage`). */
const LINKS = [
  {
    pattern: /To verify the email address (\S+), follow this link: (\S+)/,
    say: (email) => `Email verification link for ${email} (open it in a browser, then go back to Smart Zone):`,
  },
  {
    pattern: /To reset the password for (\S+), follow this link: (\S+)/,
    say: (email) =>
      `Password reset link for ${email} (in the address, replace NEW_PASSWORD_HERE with the new password, then open it):`,
  },
  {
    pattern: /To verify and change the email address from (\S+) to \S+, follow this link: (\S+)/,
    say: (email) => `Email change link for ${email}:`,
  },
  {
    pattern: /To reset your email address to (\S+), follow this link: (\S+)/,
    say: (email) => `Email recovery link for ${email}:`,
  },
  {
    pattern: /To sign in as (\S+), follow this link: (\S+)/,
    say: (email) => `Sign-in link for ${email}:`,
  },
];

/**
 * The line to print for one line of the emulator's output, or null when it
 * names no link. Each link the emulator makes is in its log exactly once.
 * @param {string} line
 * @returns {string | null}
 */
function emulatorLinkLine(line) {
  for (const { pattern, say } of LINKS) {
    const match = pattern.exec(line);
    if (match) return `${say(match[1])} ${match[2]}`;
  }
  return null;
}

module.exports = { emulatorLinkLine };
