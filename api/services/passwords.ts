// Passwords are hashed with argon2id (OWASP parameters: 19 MiB, 2 passes). The policy is the spec's minimum
// length 8 plus a refusal of well-known passwords and of passwords built from the username.
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// algorithm 2 = Argon2id (the package's Algorithm enum is a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

// A fixed hash verified when the username does not exist, so an unknown user costs the same time as a
// wrong password and response timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}

/** Returns a message key when the password is refused, undefined when acceptable. */
export function passwordPolicyViolation(password: string, username: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'validation.minLength';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/[^a-z0-9]/g, ''))) {
    return 'validation.passwordCommon';
  }
  if (username.length >= 3 && lower.includes(username.toLowerCase()))
    return 'validation.passwordContainsUsername';
  return undefined;
}
