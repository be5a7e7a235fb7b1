/** The web client (ADR 0055): a person signs in, sees their chats and talks to bots, live. */
import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, follow, session, type ChatEntry, type User } from './api.js';
import { SignIn } from './sign-in.js';
import { ChatList } from './chat-list.js';
import { chatTitle } from './chat-title.js';
import { ChatView, type Notice } from './chat-view.js';
import { draftStreamed } from './drafts.js';
import { Inspector } from './inspector.js';
import { ProfilePanel, ProfilePhoto } from './profile-panel.js';
import { personApi } from './person-api.js';
import { ChatSearch, messageKey, type Highlight } from './message-search.js';
import './styles.css';
import './profile.css';
import './rich.css';
import './layout.css';

function App() {
  const [me, setMe] = useState<User | null | undefined>(undefined);
  const [chats, setChats] = useState<ChatEntry[]>([]);
  const [open, setOpen] = useState<{
    ref: string;
    title: string;
    username?: string | undefined;
    isForum?: boolean | undefined;
    /** A message picked from search results, shown and highlighted in the chat. */
    highlight?: Highlight | undefined;
  } | null>(null);
  /** What the other side of a chat shows ("typing", ...), by chat id, until when (ms). */
  const [actions, setActions] = useState<Record<string, { action: string; until: number }>>({});
  const [versions, setVersions] = useState<Record<string, number>>({});
  /**
   * How many times the event stream (re)started listening: the open chat is read again then, even
   * one that no event has named yet (its first read may have come before the stream listened).
   */
  const [resyncs, setResyncs] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  /** The person's current profile photo (its unique id), null for none. */
  const [photo, setPhoto] = useState<string | null>(null);

  useEffect(() => {
    if (!session.token) return setMe(null);
    api.me().then(
      (answer) => setMe(answer.user),
      () => {
        session.token = null;
        setMe(null);
      },
    );
  }, []);

  const refreshChats = useCallback(() => {
    api.chats().then(setChats, () => undefined);
  }, []);

  useEffect(() => {
    if (!me) return;
    personApi.profilePhotos().then(
      (answer) => setPhoto(answer.file_unique_id ?? null),
      () => setPhoto(null),
    );
  }, [me]);

  useEffect(() => {
    if (!me) return;
    refreshChats();
    return follow((event) => {
      if (event.event === 'action') {
        const ref = String(event.data.chat_id);
        const { action } = event.data;
        setActions((old) => {
          const next = { ...old };
          if (action === 'cancel') delete next[ref];
          else next[ref] = { action, until: Date.now() + 5000 };
          return next;
        });
        // A client shows an action for 5 seconds.
        setTimeout(() => setActions((old) => ({ ...old })), 5100);
      } else if (event.event === 'message') {
        const ref = String(event.data.chat_id);
        // A message from the chat ends what it showed.
        if (event.data.kind === 'created')
          setActions((old) => {
            const next = { ...old };
            delete next[ref];
            return next;
          });
        setVersions((old) => ({ ...old, [ref]: (old[ref] ?? 0) + 1 }));
        refreshChats();
      } else if (event.event === 'chat') {
        // The chat's panels (its join requests) read it again.
        const ref = String(event.data.chat_id);
        setVersions((old) => ({ ...old, [ref]: (old[ref] ?? 0) + 1 }));
      } else if (event.event === 'draft') {
        // A bot streamed a draft: the open chat reads its drafts again (drafts.tsx).
        draftStreamed(String(event.data.chat_id));
      } else if (event.event === 'resync' || event.event === 'ready') {
        // Ready: the stream listens now; what changed between the first reads and then is read again.
        setResyncs((n) => n + 1);
        refreshChats();
      }
    });
  }, [me, refreshChats]);

  useEffect(() => {
    if (!notice || notice.alert) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  if (me === undefined) return <p class="loading">Loading…</p>;
  if (me === null) return <SignIn onSignedIn={setMe} />;

  const openEntry = open ? chats.find((item) => String(item.chat.id) === open.ref) : undefined;
  return (
    <div class={open ? 'app chat-open' : 'app'}>
      <aside>
        <header class="me">
          <ProfilePhoto user={me.id} photo={photo} alt="" />
          <span>
            {me.first_name} <small>{me.phone_number}</small>
          </span>
          <button type="button" aria-expanded={profileOpen} onClick={() => setProfileOpen(!profileOpen)}>
            Profile
          </button>
          <a href="#inspector">Inspector</a>
          <button
            type="button"
            onClick={() => {
              void api.signOut().finally(() => {
                session.token = null;
                setMe(null);
                setOpen(null);
              });
            }}
          >
            Sign out
          </button>
        </header>
        {profileOpen && (
          <ProfilePanel me={me.id} photo={photo} onPhoto={setPhoto} onClose={() => setProfileOpen(false)} />
        )}
        <ChatSearch
          chats={chats}
          onOpen={(ref, title, username, isForum) => setOpen({ ref, title, username, isForum })}
          onPick={(message) =>
            setOpen({
              ref: String(message.chat.id),
              title: chatTitle(message.chat),
              username: message.chat.username,
              isForum: message.chat.is_forum,
              highlight: { key: messageKey(message), at: Date.now() },
            })
          }
        >
          <ChatList
            chats={chats}
            open={open?.ref ?? null}
            onOpen={(ref, title, username, isForum) => setOpen({ ref, title, username, isForum })}
          />
        </ChatSearch>
      </aside>
      {open ? (
        <ChatView
          key={open.ref}
          chatRef={open.ref}
          // A renamed group shows its new title (the chat list is read again on the change).
          title={openEntry ? chatTitle(openEntry.chat) : open.title}
          group={openEntry !== undefined && openEntry.chat.type !== 'private'}
          service={openEntry?.is_service}
          onBack={() => setOpen(null)}
          isForum={open.isForum}
          highlight={open.highlight}
          botUsername={open.username && /bot$/i.test(open.username) ? open.username : undefined}
          action={(() => {
            const shown = actions[open.ref];
            return shown && shown.until > Date.now() ? shown.action : undefined;
          })()}
          me={me.id}
          version={(versions[open.ref] ?? 0) + resyncs}
          onSent={(ref) => {
            if (ref !== open.ref) setOpen({ ...open, ref });
            refreshChats();
          }}
          onRead={refreshChats}
          notify={setNotice}
        />
      ) : (
        <section class="chat empty">
          <p>Pick a chat, or a bot to start one.</p>
        </section>
      )}
      {notice &&
        (notice.alert ? (
          <div role="alertdialog" aria-label="Bot answer" class="alert">
            <p>{notice.text}</p>
            <button type="button" onClick={() => setNotice(null)}>
              OK
            </button>
          </div>
        ) : (
          <div role="status" class="toast">
            {notice.text}
          </div>
        ))}
    </div>
  );
}

/** `#inspector` shows the operator's inspector; anything else the person's chats. */
function Root() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return hash === '#inspector' ? <Inspector /> : <App />;
}

render(<Root />, document.getElementById('app')!);
