/** Password hashing with argon2id (salted, slow). Clear passwords never leave this module's callers. */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hash('not-a-real-password');
  await verifyPassword(await dummyHash, password);
};
