/**
 * What the sticker tests share: the shapes of the sticker objects they read, and a person who
 * started a bot that will make sets for them.
 */
import type { TestServer } from './in-process.js';
import { groupKit, type TestBot } from './groups.js';

export type Sticker = {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  emoji?: string;
  set_name?: string;
  is_animated: boolean;
  is_video: boolean;
  type: string;
  custom_emoji_id?: string;
  needs_repainting?: boolean;
};
export type SetView = {
  name: string;
  title: string;
  sticker_type: string;
  contains_masks?: boolean;
  stickers: Sticker[];
  thumbnail?: { width: number };
};

export async function getSet(b: TestBot, name: string): Promise<SetView> {
  return (await b.api.getStickerSet(name)) as unknown as SetView;
}

export function stickerKit(server: () => TestServer) {
  const { person, bot } = groupKit(server);
  /** A person who started a bot, and the bot. */
  async function ownerAndBot(prefix: string) {
    const owner = await person('Olga');
    const b = await bot(prefix);
    await server().control.sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: 'hi' });
    await b.updates();
    return { owner, b, setName: `cats_by_${b.record.username}` };
  }
  return { person, bot, ownerAndBot };
}
