/**
 * The person's own things beside their chats (ADR 0090), behind **Profile** in the chat list's
 * header: their profile photo (set from a picked image, removed), the Stars subscriptions they pay
 * to bots (cancel, re-enable: the bot gets its `subscription` update), and their communities
 * (create one, add and remove the supergroups and channels they created).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Chat } from './api.js';
import { personApi, type CommunityRecord, type OwnedChat, type Subscription } from './person-api.js';
import { useObjectUrl } from './object-url.js';
import { chatTitle } from './chat-title.js';

type Run = (action: () => Promise<unknown>) => Promise<boolean>;

function message(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

function day(date: number): string {
  return new Date(date * 1000).toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A user's current profile photo, or nothing; `photo`: its unique id (a new photo loads again). */
export function ProfilePhoto({ user, photo, alt }: { user: number; photo: string | null; alt: string }) {
  const url = useObjectUrl(photo === null ? null : `${user}/${photo}`, () => personApi.profilePhotoUrl(user));
  return url ? <img class="profile-photo" src={url} alt={alt} /> : null;
}

export function ProfilePanel({
  me,
  photo,
  onPhoto,
  onClose,
}: {
  me: number;
  /** The current photo's unique id, null for none. */
  photo: string | null;
  onPhoto: (photo: string | null) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  const run: Run = async (action) => {
    setError(null);
    try {
      await action();
      setReloads((n) => n + 1);
      return true;
    } catch (e) {
      setError(message(e));
      return false;
    }
  };

  return (
    <section class="profile-panel" aria-label="Profile">
      <header>
        <h2>Profile</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <PhotoSection me={me} photo={photo} onPhoto={onPhoto} run={run} />
      <Subscriptions reloads={reloads} run={run} />
      <Communities reloads={reloads} run={run} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}

function PhotoSection({
  me,
  photo,
  onPhoto,
  run,
}: {
  me: number;
  photo: string | null;
  onPhoto: (photo: string | null) => void;
  run: Run;
}) {
  return (
    <section aria-labelledby="photo-heading">
      <h3 id="photo-heading">Profile photo</h3>
      <ProfilePhoto user={me} photo={photo} alt="Your profile photo" />
      {photo === null && <p class="quiet">No photo.</p>}
      <div class="form-buttons">
        <label class="button">
          Upload photo
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            class="visually-hidden"
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              if (!file) return;
              void run(async () => {
                const answer = await personApi.setProfilePhoto(file);
                onPhoto(answer.file_unique_id ?? null);
              }).finally(() => (input.value = ''));
            }}
          />
        </label>
        {photo !== null && (
          <button
            type="button"
            onClick={() =>
              void run(async () => {
                const answer = await personApi.removeProfilePhoto();
                onPhoto(answer.file_unique_id ?? null);
              })
            }
          >
            Remove photo
          </button>
        )}
      </div>
    </section>
  );
}

function Subscriptions({ reloads, run }: { reloads: number; run: Run }) {
  const [list, setList] = useState<Subscription[] | null>(null);
  useEffect(() => {
    let current = true;
    personApi.subscriptions().then(
      (answer) => current && setList(answer),
      () => current && setList([]),
    );
    return () => {
      current = false;
    };
  }, [reloads]);
  return (
    <section aria-labelledby="subscriptions-heading">
      <h3 id="subscriptions-heading">Subscriptions</h3>
      {list !== null && list.length === 0 && <p class="quiet">No subscriptions.</p>}
      <ul class="members" aria-label="Subscriptions">
        {(list ?? []).map((item) => {
          const canceled = item.state === 'canceled';
          return (
            <li key={item.telegram_payment_charge_id}>
              <span class="member-name">
                {item.bot.first_name} <small>@{item.bot.username}</small>
                <br />
                <small>
                  {item.invoice_payload} · {item.star_count} ⭐ every{' '}
                  {Math.round(item.subscription_period / 86400)} days ·{' '}
                  {canceled ? 'canceled, ends' : 'renews'} {day(item.expiration_date)}
                </small>
              </span>
              {canceled ? (
                item.canceled_by_user && (
                  <button
                    type="button"
                    onClick={() =>
                      void run(() =>
                        personApi.reactivateSubscription(item.bot.id, item.telegram_payment_charge_id),
                      )
                    }
                  >
                    Re-enable subscription
                  </button>
                )
              ) : (
                <button
                  type="button"
                  onClick={() =>
                    void run(() => personApi.cancelSubscription(item.bot.id, item.telegram_payment_charge_id))
                  }
                >
                  Cancel subscription
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Communities({ reloads, run }: { reloads: number; run: Run }) {
  const [communities, setCommunities] = useState<CommunityRecord[]>([]);
  const [owned, setOwned] = useState<OwnedChat[]>([]);
  const [name, setName] = useState('');
  useEffect(() => {
    let current = true;
    personApi.communities().then(
      (answer) => {
        if (!current) return;
        setCommunities(answer.communities);
        setOwned(answer.chats);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [reloads]);
  // A chat is in one community at most: those in none can be added.
  const free = owned.filter((entry) => !entry.community).map((entry) => entry.chat);
  return (
    <section aria-labelledby="communities-heading">
      <h3 id="communities-heading">Communities</h3>
      {communities.map((community) => (
        <CommunityItem key={community.id} community={community} free={free} run={run} />
      ))}
      <form
        class="add-member"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => personApi.createCommunity(name)).then((done) => done && setName(''));
        }}
      >
        <label for="community-name">Community name</label>
        <input
          id="community-name"
          value={name}
          maxLength={128}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit">Create community</button>
      </form>
    </section>
  );
}

function CommunityItem({ community, free, run }: { community: CommunityRecord; free: Chat[]; run: Run }) {
  const [chosen, setChosen] = useState('');
  const selectId = `community-${community.id}-chat`;
  return (
    <section class="community" aria-label={`Community ${community.name}`}>
      <h4>{community.name}</h4>
      {community.chats.length === 0 && <p class="quiet">No chats yet.</p>}
      <ul class="members" aria-label={`Chats of ${community.name}`}>
        {community.chats.map((chat) => (
          <li key={chat.id}>
            <span class="member-name">{chatTitle(chat)}</span>
            <button
              type="button"
              aria-label={`Remove ${chatTitle(chat)} from ${community.name}`}
              onClick={() => void run(() => personApi.removeCommunityChat(community.id, chat.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {free.length > 0 && (
        <form
          class="member-form"
          onSubmit={(event) => {
            event.preventDefault();
            const chat = Number(chosen || free[0]!.id);
            void run(() => personApi.addCommunityChat(community.id, chat)).then(
              (done) => done && setChosen(''),
            );
          }}
        >
          <label for={selectId}>Add a chat to {community.name}</label>
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
            {free.map((chat) => (
              <option key={chat.id} value={String(chat.id)}>
                {chatTitle(chat)}
              </option>
            ))}
          </select>
          <button type="submit">Add chat</button>
        </form>
      )}
    </section>
  );
}
