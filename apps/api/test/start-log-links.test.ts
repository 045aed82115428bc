import { emulatorLinkLine } from '../../../scripts/lib/emulator-links.cjs';
import { type AuthEmulator, EMULATOR_PROJECT, identityToolkit, startAuthEmulator } from './helpers/auth-emulator';

/**
 * `pnpm start` on the Auth emulator: no email is sent, so the start log shows each link the emulator makes,
 * one line each, the link last (clickable). Read from the real emulator's own output, as the launcher reads it.
 */
let emulator: AuthEmulator;
const lines: string[] = [];
beforeAll(async () => {
  emulator = await startAuthEmulator({ onLine: (line) => lines.push(line) });
}, 90_000);
afterAll(() => emulator?.stop());

/** The start log's link lines so far: what launch.cjs prints for the emulator's lines. */
const linkLines = () => lines.map(emulatorLinkLine).filter((line): line is string => line !== null);

async function until(done: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms; emulator said:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function links(): Promise<{ email: string; requestType: string; oobLink: string }[]> {
  const res = await fetch(`http://${emulator.host}/emulator/v1/projects/${EMULATOR_PROJECT}/oobCodes`);
  return ((await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }).oobCodes;
}

describe('the start log on the Auth emulator', () => {
  it('prints the verification link a sign-up asks for: one line, the link at its end, and opening it verifies', async () => {
    const email = 'new.owner@example.com';
    const { idToken } = await identityToolkit(emulator.host, 'signUp', { email, password: 'secret-123' });
    await identityToolkit(emulator.host, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
    await until(() => linkLines().some((line) => line.includes(email)));

    const made = (await links()).filter((link) => link.email === email);
    expect(made).toHaveLength(1);
    const mine = linkLines().filter((line) => line.includes(email));
    expect(mine).toEqual([
      `Email verification link for ${email} (open it in a browser, then go back to Smart Zone): ${made[0]!.oobLink}`,
    ]);
    // The link is the line's last word: what a terminal makes clickable, and what the person opens.
    const link = mine[0]!.split(' ').at(-1)!;
    expect((await fetch(link)).status).toBe(200);
    const { users } = (await identityToolkit(emulator.host, 'lookup', { idToken })) as {
      users: { emailVerified: boolean }[];
    };
    expect(users[0]?.emailVerified).toBe(true);
  });

  it('prints each password-reset link once, saying what to put in it', async () => {
    const email = 'forgetful@example.com';
    await identityToolkit(emulator.host, 'signUp', { email, password: 'secret-123' });
    await identityToolkit(emulator.host, 'sendOobCode', { requestType: 'PASSWORD_RESET', email });
    await identityToolkit(emulator.host, 'sendOobCode', { requestType: 'PASSWORD_RESET', email });
    await until(() => linkLines().filter((line) => line.includes(email)).length >= 2);

    const made = (await links()).filter((link) => link.email === email && link.requestType === 'PASSWORD_RESET');
    expect(made).toHaveLength(2);
    expect(linkLines().filter((line) => line.includes(email))).toEqual(
      made.map(
        (link) =>
          `Password reset link for ${email} (in the address, replace NEW_PASSWORD_HERE with the new password, ` +
          `then open it): ${link.oobLink}&newPassword=NEW_PASSWORD_HERE`,
      ),
    );
  });

  it('prints nothing for the rest of what the emulator says', () => {
    expect(lines.length).toBeGreaterThan(linkLines().length);
    expect(emulatorLinkLine('i  auth: Beginning to import...')).toBeNull();
    expect(emulatorLinkLine('✔  All emulators ready! It is now safe to connect your app.')).toBeNull();
  });
});
