/**
 * The users a world file refers to (ADR 0102): its own people and bots (with the ids they were given
 * or will be given) first, then the workspace's users. A reference is a user id, `@username` or an
 * E.164 phone number, as everywhere in the control API.
 */
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

export interface KnownUser {
  id: number;
  is_bot: boolean;
  username: string | null;
  phone_number: string | null;
  /** Whether it comes from the file (else it is already in the workspace). */
  inFile: boolean;
}

export class WorldUsers {
  readonly #byId = new Map<number, KnownUser>();
  readonly #byUsername = new Map<string, KnownUser>();
  readonly #byPhone = new Map<string, KnownUser>();

  constructor(readonly store: ChatsReader & UsersReader) {}

  add(user: KnownUser): void {
    this.#byId.set(user.id, user);
    if (user.username) this.#byUsername.set(user.username.toLowerCase(), user);
    if (user.phone_number) this.#byPhone.set(user.phone_number, user);
  }

  /** Whether the workspace has the private chat of these two users. */
  async privateChatExists(a: number, b: number): Promise<boolean> {
    return (await this.store.getPrivateChat(a, b)) !== undefined;
  }

  /** The user a reference names, or undefined when neither the file nor the workspace has one. */
  async resolve(ref: unknown): Promise<KnownUser | undefined> {
    const text = String(ref).trim();
    let found: KnownUser | undefined;
    if (/^\+\d+$/.test(text)) found = this.#byPhone.get(text);
    else if (/^-?\d+$/.test(text)) found = this.#byId.get(Number(text));
    else found = this.#byUsername.get(text.replace(/^@/, '').toLowerCase());
    if (found) return found;
    const row = /^\+\d+$/.test(text)
      ? await this.store.getUserByPhone(text)
      : /^-?\d+$/.test(text)
        ? await this.store.getUser(Number(text))
        : await this.store.getUserByUsername(text.replace(/^@/, ''));
    if (!row) return undefined;
    const known: KnownUser = {
      id: row.id,
      is_bot: row.is_bot,
      username: row.username,
      phone_number: row.phone_number,
      inFile: false,
    };
    this.add(known);
    return known;
  }
}

/** How a file names a user: `@username`, else the phone number, else the id. */
export function refOf(user: {
  id: number;
  username: string | null;
  phone_number: string | null;
}): string | number {
  if (user.username) return `@${user.username}`;
  if (user.phone_number) return user.phone_number;
  return user.id;
}
