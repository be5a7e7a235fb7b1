/**
 * The person API's calls for what a person keeps beside their chats (ADR 0090): their profile
 * photo, the Stars subscriptions they pay to bots, their communities, and sticker sets to pick
 * from. See docs/web-client.md.
 */
import { call, objectUrl, upload, type Chat, type Message, type User } from './api.js';

export interface Community {
  id: number;
  name: string;
}

export interface CommunityRecord extends Community {
  owner_id: number;
  chats: Chat[];
}

/** A supergroup or channel the person created, and the community it is in now. */
export interface OwnedChat {
  chat: Chat;
  community?: Community;
}

/** A Stars subscription the person pays to a bot (control API `StarSubscription`, with its bot). */
export interface Subscription {
  bot: User;
  telegram_payment_charge_id: string;
  invoice_payload: string;
  star_count: number;
  subscription_period: number;
  expiration_date: number;
  state: 'active' | 'canceled';
  canceled_by_user: boolean;
  canceled_by_bot: boolean;
}

export interface ProfilePhotos {
  total_count: number;
  /** The current photo's; absent when there is none. */
  file_unique_id?: string;
}

export interface SetSticker {
  file_id: string;
  file_unique_id: string;
  emoji?: string;
  is_animated: boolean;
  is_video: boolean;
}

export interface StickerSet {
  name: string;
  title: string;
  sticker_type: string;
  stickers: SetSticker[];
}

export const personApi = {
  communities: () => call<{ communities: CommunityRecord[]; chats: OwnedChat[] }>('GET', '/communities'),
  createCommunity: (name: string) => call<Community>('POST', '/communities', { name }),
  addCommunityChat: (community: number, chat: number) =>
    call<CommunityRecord>('POST', '/communities/chats', { community, chat }),
  removeCommunityChat: (community: number, chat: number) =>
    call<CommunityRecord>('POST', '/communities/chats/remove', { community, chat }),

  subscriptions: () => call<Subscription[]>('GET', '/subscriptions'),
  cancelSubscription: (bot: number, charge_id: string) =>
    call<Subscription>('POST', '/subscriptions/cancel', { bot, charge_id }),
  reactivateSubscription: (bot: number, charge_id: string) =>
    call<Subscription>('POST', '/subscriptions/reactivate', { bot, charge_id }),

  profilePhotos: (user?: number) => call<ProfilePhotos>('GET', '/profile-photos', { user }),
  /** The user's current profile photo as an object URL. */
  profilePhotoUrl: (user: number) => objectUrl('/profile-photos/file', { user: String(user) }),
  setProfilePhoto: (file: File) => upload<ProfilePhotos>('/profile-photos', new URLSearchParams(), file),
  removeProfilePhoto: () => call<ProfilePhotos>('POST', '/profile-photos/delete'),

  stickerSet: (name: string) => call<StickerSet>('GET', '/sticker-sets', { name }),
  /** The image of a set's sticker as an object URL. */
  stickerUrl: (name: string, index: number) =>
    objectUrl('/sticker-sets/file', { name, index: String(index) }),
  sendSticker: (chat: string, set: string, index: number, reply_to_message_id?: number) =>
    call<Message>('POST', '/stickers', { chat, set, index, reply_to_message_id }),
};
