/* xmpp-test-transport.c: the XMPP carrier against a real Prosody of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by tests/net/prosody-run.sh, which starts the server on 127.0.0.1 and passes its port
 * and certificates in CRAPETTE_PROSODY_*. Every wait is bounded in time.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "crapette-xmpp-transport.h"

/* Only reached on failure: generous, since under the sanitizers on a loaded machine one
 * sign-in (TLS at both ends) took up to 7 s. */
#define WAIT_LIMIT_US (60 * G_TIME_SPAN_SECOND)
#define N_LINES 1000

typedef struct
{
  CrapetteXmppTransport *transport;
  GPtrArray *lines;
} Peer;

static guint16
server_port (void)
{
  const char *port = g_getenv ("CRAPETTE_PROSODY_PORT");

  g_assert_nonnull (port);
  return (guint16) g_ascii_strtoull (port, NULL, 10);
}

static void
on_received (CrapetteTransport *transport,
             const char        *line,
             Peer              *peer)
{
  g_assert_true (transport == CRAPETTE_TRANSPORT (peer->transport));
  g_ptr_array_add (peer->lines, g_strdup (line));
}

/* A room of its own for each test, so that no test sees another's. */
static char *
new_room (void)
{
  static guint counter;

  return g_strdup_printf ("crapette-test%u-%u@rooms.localhost", (guint) getpid (), counter++);
}

static void
peer_init (Peer       *peer,
           const char *jid,
           const char *password,
           const char *ca_file,
           const char *room,
           const char *nickname)
{
  CrapetteXmppAccount account = {
    .jid = jid,
    .password = password,
    .host = "127.0.0.1",
    .port = server_port (),
    /* NULL: the test server's own certificate; "": only the system's authorities. */
    .ca_file = ca_file == NULL ? g_getenv ("CRAPETTE_PROSODY_CA")
                               : *ca_file == '\0' ? NULL : ca_file,
  };

  peer->lines = g_ptr_array_new_with_free_func (g_free);
  peer->transport = crapette_xmpp_transport_new (&account, room, nickname);
  g_signal_connect (peer->transport, "received", G_CALLBACK (on_received), peer);
}

static void
peer_clear (Peer *peer)
{
  crapette_transport_close (CRAPETTE_TRANSPORT (peer->transport));
  g_assert_finalize_object (peer->transport);
  g_ptr_array_unref (peer->lines);
}

static CrapetteTransportState
state_of (Peer *peer)
{
  return crapette_transport_get_state (CRAPETTE_TRANSPORT (peer->transport));
}

/* Runs the main loop until @done says so, for at most WAIT_LIMIT_US. */
static gboolean
wait_until (gboolean (*done) (gpointer data),
            gpointer  data)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_LIMIT_US;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
  return TRUE;
}

static gboolean
both_connected (gpointer data)
{
  Peer *peers = data;

  return state_of (&peers[0]) == CRAPETTE_TRANSPORT_CONNECTED
         && state_of (&peers[1]) == CRAPETTE_TRANSPORT_CONNECTED;
}

static gboolean
is_connected (gpointer data)
{
  return state_of (data) == CRAPETTE_TRANSPORT_CONNECTED;
}

static gboolean
not_connecting (gpointer data)
{
  return state_of (data) != CRAPETTE_TRANSPORT_CONNECTING;
}

typedef struct
{
  Peer *peer;
  guint count;
} LineCount;

static gboolean
has_lines (gpointer data)
{
  LineCount *wanted = data;

  return wanted->peer->lines->len >= wanted->count;
}

static void
send_lines (Peer       *peer,
            const char *label,
            guint       first,
            guint       count)
{
  for (guint i = first; i < first + count; i++)
    {
      g_autofree char *line = g_strdup_printf ("%s %u", label, i);

      crapette_transport_send (CRAPETTE_TRANSPORT (peer->transport), line);
    }
}

static void
assert_lines (Peer       *peer,
              const char *label,
              guint       first,
              guint       count)
{
  LineCount wanted = { peer, first + count };

  g_assert_true (wait_until (has_lines, &wanted));
  g_assert_cmpuint (peer->lines->len, ==, first + count);
  for (guint i = first; i < first + count; i++)
    {
      g_autofree char *expected = g_strdup_printf ("%s %u", label, i);

      g_assert_cmpstr (g_ptr_array_index (peer->lines, i), ==, expected);
    }
}

/* An account and a guest in one room: a thousand lines each way, each in order, none of
 * them our own echo. */
static void
test_account_and_guest_exchange (void)
{
  g_autofree char *room = new_room ();
  Peer peers[2];

  peer_init (&peers[0], "alice@accounts.localhost", "secret-1", NULL, room, "Alice");
  peer_init (&peers[1], "guest.localhost", NULL, NULL, room, "Guest");
  g_assert_true (wait_until (both_connected, peers));
  g_assert_null (crapette_transport_get_error (CRAPETTE_TRANSPORT (peers[0].transport)));

  send_lines (&peers[0], "from Alice", 0, N_LINES);
  send_lines (&peers[1], "from the guest", 0, N_LINES);
  assert_lines (&peers[1], "from Alice", 0, N_LINES);
  assert_lines (&peers[0], "from the guest", 0, N_LINES);

  /* A line with what XML must escape, and one at the longest a transport carries. */
  {
    g_autofree char *longest = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE, 'x');

    crapette_transport_send (CRAPETTE_TRANSPORT (peers[0].transport), "<a & \"b\"> ']]>");
    crapette_transport_send (CRAPETTE_TRANSPORT (peers[0].transport), longest);
    assert_lines (&peers[1], "from Alice", 0, N_LINES);
    g_assert_true (wait_until (has_lines, &(LineCount) { &peers[1], N_LINES + 2 }));
    g_assert_cmpstr (g_ptr_array_index (peers[1].lines, N_LINES), ==, "<a & \"b\"> ']]>");
    g_assert_cmpstr (g_ptr_array_index (peers[1].lines, N_LINES + 1), ==, longest);
  }
  g_assert_cmpuint (peers[0].lines->len, ==, N_LINES);

  peer_clear (&peers[0]);
  peer_clear (&peers[1]);
}

/* Two players who chose the same name: the second gets a number, and both still hear
 * each other (the echo of one is not taken for the other's line). */
static void
test_same_nickname (void)
{
  g_autofree char *room = new_room ();
  Peer peers[2];

  peer_init (&peers[0], "guest.localhost", NULL, NULL, room, "Sam");
  g_assert_true (wait_until (not_connecting, &peers[0]));
  peer_init (&peers[1], "guest.localhost", NULL, NULL, room, "Sam");
  g_assert_true (wait_until (both_connected, peers));
  g_assert_cmpstr (crapette_xmpp_transport_get_nickname (peers[0].transport), ==, "Sam");
  g_assert_cmpstr (crapette_xmpp_transport_get_nickname (peers[1].transport), ==, "Sam 2");

  send_lines (&peers[0], "one", 0, 3);
  send_lines (&peers[1], "two", 0, 3);
  assert_lines (&peers[1], "one", 0, 3);
  assert_lines (&peers[0], "two", 0, 3);

  peer_clear (&peers[0]);
  peer_clear (&peers[1]);
}

static void
assert_refused (const char *jid,
                const char *password,
                const char *ca_file,
                const char *expected_words)
{
  g_autofree char *room = new_room ();
  Peer peer;
  const char *error;

  peer_init (&peer, jid, password, ca_file, room, "Refused");
  g_assert_true (wait_until (not_connecting, &peer));
  g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
  error = crapette_transport_get_error (CRAPETTE_TRANSPORT (peer.transport));
  g_assert_nonnull (error);
  if (strstr (error, expected_words) == NULL)
    g_error ("\"%s\" does not say \"%s\"", error, expected_words);
  peer_clear (&peer);
}

/* A server whose certificate is not the one trusted is refused, account or guest. */
static void
test_wrong_certificate (void)
{
  assert_refused ("alice@accounts.localhost", "secret-1", g_getenv ("CRAPETTE_PROSODY_WRONG_CA"),
                  "certificate");
  assert_refused ("guest.localhost", NULL, g_getenv ("CRAPETTE_PROSODY_WRONG_CA"), "certificate");
  /* And with no certificate given at all, the system's authorities do not know ours. */
  assert_refused ("guest.localhost", NULL, "", "certificate");
}

static void
test_wrong_password (void)
{
  assert_refused ("alice@accounts.localhost", "not-her-password", NULL, "password");
  /* Guests are allowed only on guest.localhost. */
  assert_refused ("accounts.localhost", NULL, NULL, "guests");
}

static void
test_unreachable (void)
{
  CrapetteXmppAccount account = {
    .jid = "guest.localhost", .host = "127.0.0.1", .port = 1,
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };
  g_autofree char *room = new_room ();
  Peer peer = { crapette_xmpp_transport_new (&account, room, "Nobody"),
                g_ptr_array_new_with_free_func (g_free) };

  g_assert_true (wait_until (not_connecting, &peer));
  g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (strstr (crapette_transport_get_error (CRAPETTE_TRANSPORT (peer.transport)),
                            "reached"));
  peer_clear (&peer);
}

/* A server whose queue of connections is full: a connect to it neither succeeds nor is
 * refused, and times out. The transport tries a few times, then says it could not reach the
 * server, well before a minute. */
static void
test_connect_times_out (void)
{
  struct sockaddr_in address = { .sin_family = AF_INET,
                                 .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
  socklen_t length = sizeof address;
  int listener = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int filler = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  g_autofree char *room = new_room ();
  CrapetteXmppAccount account = {
    .jid = "guest.localhost", .host = "127.0.0.1",
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };
  Peer peer;
  gint64 start;

  /* Never accepted: one connection fills a queue of none, and the next waits. */
  g_assert_cmpint (bind (listener, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (listener, 0), ==, 0);
  g_assert_cmpint (getsockname (listener, (struct sockaddr *) &address, &length), ==, 0);
  g_assert_cmpint (connect (filler, (struct sockaddr *) &address, sizeof address), ==, 0);
  account.port = ntohs (address.sin_port);

  start = g_get_monotonic_time ();
  peer = (Peer) { crapette_xmpp_transport_new (&account, room, "Waiting"),
                  g_ptr_array_new_with_free_func (g_free) };
  g_assert_true (wait_until (not_connecting, &peer));
  g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (strstr (crapette_transport_get_error (CRAPETTE_TRANSPORT (peer.transport)),
                            "reached"));
  /* More than one connect of 5 s was tried. */
  g_assert_cmpint (g_get_monotonic_time () - start, >, 9 * G_TIME_SPAN_SECOND);
  peer_clear (&peer);
  close (filler);
  close (listener);
}

/* A line that could not travel as one message closes the transport with a reason. */
static void
test_bad_line_closes (void)
{
  g_autofree char *room = new_room ();
  g_autofree char *too_long = g_strnfill (CRAPETTE_TRANSPORT_MAX_LINE + 1, 'x');
  Peer peer;

  peer_init (&peer, "guest.localhost", NULL, NULL, room, "Bad");
  g_assert_true (wait_until (not_connecting, &peer));
  g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CONNECTED);
  crapette_transport_send (CRAPETTE_TRANSPORT (peer.transport), too_long);
  g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (crapette_transport_get_error (CRAPETTE_TRANSPORT (peer.transport)));
  peer_clear (&peer);
}

/* Closing returns at once, even while the thread is still signing in. */
static void
test_close_at_once (void)
{
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *room = new_room ();
      Peer peer;
      gint64 start;

      peer_init (&peer, "guest.localhost", NULL, NULL, room, "Quick");
      g_usleep (i * 20000);
      start = g_get_monotonic_time ();
      crapette_transport_close (CRAPETTE_TRANSPORT (peer.transport));
      /* Far below a sign-in's seconds, with room for a loaded machine and a sanitizer build:
       * what it shows is that closing never waits for the network (bench/net.sh measures). */
      g_assert_cmpint (g_get_monotonic_time () - start, <, 250 * G_TIME_SPAN_MILLISECOND);
      g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
      /* No news after closing. */
      for (guint j = 0; j < 100; j++)
        g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (state_of (&peer), ==, CRAPETTE_TRANSPORT_CLOSED);
      g_assert_cmpuint (peer.lines->len, ==, 0);
      peer_clear (&peer);
    }
}

/* Runs tests/net/prosody-run.sh COMMAND on the test's server, with one more argument or none. */
static void
run_on_server (const char *command,
               const char *argument)
{
  const char *argv[] = { g_getenv ("CRAPETTE_PROSODY_RUN"), command,
                         g_getenv ("CRAPETTE_PROSODY_DIR"), argument, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
restart_server (void)
{
  run_on_server ("restart", NULL);
}

typedef struct
{
  Peer *peers;
  guint reconnections;
} Reconnected;

static gboolean
both_reconnected (gpointer data)
{
  Reconnected *wanted = data;

  return both_connected (wanted->peers)
         && crapette_xmpp_transport_get_reconnections (wanted->peers[0].transport)
            >= wanted->reconnections
         && crapette_xmpp_transport_get_reconnections (wanted->peers[1].transport)
            >= wanted->reconnections;
}

static void
on_state_changed (GObject    *object,
                  GParamSpec *pspec,
                  guint      *n_reconnecting)
{
  if (crapette_transport_get_state (CRAPETTE_TRANSPORT (object))
      == CRAPETTE_TRANSPORT_RECONNECTING)
    (*n_reconnecting)++;
}

/* The server killed and started again mid-exchange: both transports say they are
 * reconnecting, come back into the room, and carry lines again. */
static void
test_server_restart (void)
{
  g_autofree char *room = new_room ();
  Peer peers[2];
  guint n_reconnecting[2] = { 0, 0 };
  guint sent = 0;

  peer_init (&peers[0], "alice@accounts.localhost", "secret-1", NULL, room, "Alice");
  peer_init (&peers[1], "guest.localhost", NULL, NULL, room, "Guest");
  g_signal_connect (peers[0].transport, "notify::state", G_CALLBACK (on_state_changed),
                    &n_reconnecting[0]);
  g_signal_connect (peers[1].transport, "notify::state", G_CALLBACK (on_state_changed),
                    &n_reconnecting[1]);
  g_assert_true (wait_until (both_connected, peers));

  for (guint round = 1; round <= 2; round++)
    {
      guint before = peers[1].lines->len;

      send_lines (&peers[0], "before", sent, 50);
      assert_lines (&peers[1], "before", sent, 50);
      sent += 50;
      restart_server ();
      g_assert_true (wait_until (both_reconnected, &(Reconnected) { peers, round }));
      g_assert_cmpuint (n_reconnecting[0], ==, round);
      g_assert_cmpuint (n_reconnecting[1], ==, round);
      g_assert_cmpuint (peers[1].lines->len, ==, before + 50);

      /* Both are back in the room: lines flow both ways again, in order. */
      g_ptr_array_set_size (peers[0].lines, 0);
      g_ptr_array_set_size (peers[1].lines, 0);
      send_lines (&peers[0], "after", 0, 100);
      send_lines (&peers[1], "reply", 0, 100);
      assert_lines (&peers[1], "after", 0, 100);
      assert_lines (&peers[0], "reply", 0, 100);
      g_ptr_array_set_size (peers[1].lines, 0);
      sent = 0;
    }

  peer_clear (&peers[0]);
  peer_clear (&peers[1]);
}

/* A server that takes a client as far as its TLS handshake and then says nothing for
 * longer than libstrophe's 5 s connect timeout, on a thread of its own with plain sockets. */
#define STALL_US (7 * G_TIME_SPAN_SECOND)

typedef struct
{
  int listener;
  guint16 port;
  gint stalling;   /* set once the client has been told to start TLS */
} StallingServer;

/* Reads from @fd until @word has come, or the client hangs up. */
static gboolean
read_until (int         fd,
            const char *word)
{
  g_autoptr(GString) got = g_string_new (NULL);
  char buffer[512];
  ssize_t n;

  while (strstr (got->str, word) == NULL)
    {
      n = read (fd, buffer, sizeof buffer);
      if (n <= 0)
        return FALSE;
      g_string_append_len (got, buffer, n);
    }
  return TRUE;
}

static void
write_all (int         fd,
           const char *text)
{
  g_assert_cmpint (write (fd, text, strlen (text)), ==, (gssize) strlen (text));
}

static gpointer
stalling_server_main (gpointer data)
{
  StallingServer *server = data;
  int client = accept (server->listener, NULL, NULL);

  g_assert_cmpint (client, >=, 0);
  if (read_until (client, "<stream:stream"))
    {
      write_all (client, "<?xml version='1.0'?><stream:stream xmlns='jabber:client' "
                         "xmlns:stream='http://etherx.jabber.org/streams' id='stall' "
                         "from='guest.localhost' version='1.0'><stream:features>"
                         "<starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'><required/>"
                         "</starttls></stream:features>");
      if (read_until (client, "starttls"))
        {
          write_all (client, "<proceed xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>");
          g_atomic_int_set (&server->stalling, 1);
          g_usleep (STALL_US);
        }
    }
  close (client);
  return NULL;
}

static GThread *
stalling_server_start (StallingServer *server)
{
  struct sockaddr_in address = { .sin_family = AF_INET,
                                 .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
  socklen_t length = sizeof address;

  server->listener = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  g_assert_cmpint (server->listener, >=, 0);
  g_assert_cmpint (bind (server->listener, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (server->listener, 1), ==, 0);
  g_assert_cmpint (getsockname (server->listener, (struct sockaddr *) &address, &length), ==, 0);
  server->port = ntohs (address.sin_port);
  return g_thread_new ("stalling-server", stalling_server_main, server);
}

static gboolean
is_stalling (gpointer data)
{
  StallingServer *server = data;

  return g_atomic_int_get (&server->stalling) != 0;
}

/* One transport stuck in its TLS handshake with a silent server (libstrophe waits there
 * without a timeout of its own) does not make another, started meanwhile, fail to reach a
 * good server: the second signs in once the first is done. It once waited behind the first
 * with its connection open until libstrophe's connect timeout said "could not be reached". */
static void
test_sign_in_behind_a_stalled_one (void)
{
  StallingServer server = { 0 };
  GThread *thread = stalling_server_start (&server);
  CrapetteXmppAccount stalled_account = {
    .jid = "guest.localhost", .host = "127.0.0.1", .port = server.port,
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };
  g_autofree char *room = new_room ();
  Peer stalled = { crapette_xmpp_transport_new (&stalled_account, room, "Stalled"),
                   g_ptr_array_new_with_free_func (g_free) };
  Peer good;

  g_assert_true (wait_until (is_stalling, &server));
  peer_init (&good, "guest.localhost", NULL, NULL, room, "Good");
  g_assert_true (wait_until (not_connecting, &good));
  g_assert_cmpstr (crapette_transport_get_error (CRAPETTE_TRANSPORT (good.transport)), ==, NULL);
  g_assert_cmpint (state_of (&good), ==, CRAPETTE_TRANSPORT_CONNECTED);
  /* The stalled one gave up when its server hung up, with a reason. */
  g_assert_true (wait_until (not_connecting, &stalled));
  g_assert_cmpint (state_of (&stalled), ==, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (crapette_transport_get_error (CRAPETTE_TRANSPORT (stalled.transport)));

  peer_clear (&good);
  peer_clear (&stalled);
  g_thread_join (thread);
  close (server.listener);
}

static gboolean
is_closed (gpointer data)
{
  return state_of (data) == CRAPETTE_TRANSPORT_CLOSED;
}

/* An account removed while the server was down: its transport is refused on signing in
 * again and closes saying so, at once rather than after minutes of trying; the guest, whose
 * server merely restarted, comes back. A drop while signing in (the server shutting down) is
 * not a refusal, which the restarts above show. */
static void
test_account_removed (void)
{
  g_autofree char *room = new_room ();
  Peer peers[2];
  const char *error;
  gint64 closed_after;

  peer_init (&peers[0], "alice@accounts.localhost", "secret-1", NULL, room, "Alice");
  peer_init (&peers[1], "guest.localhost", NULL, NULL, room, "Guest");
  g_assert_true (wait_until (both_connected, peers));

  run_on_server ("stop", NULL);
  run_on_server ("deluser", "alice@accounts.localhost");
  run_on_server ("start", NULL);
  closed_after = g_get_monotonic_time ();
  g_assert_true (wait_until (is_closed, &peers[0]));
  closed_after = g_get_monotonic_time () - closed_after;
  error = crapette_transport_get_error (CRAPETTE_TRANSPORT (peers[0].transport));
  g_assert_nonnull (error);
  if (strstr (error, "password") == NULL)
    g_error ("\"%s\" does not say \"password\"", error);
  /* Well before the three minutes after which a lost server is given up. */
  g_assert_cmpint (closed_after, <, 60 * G_TIME_SPAN_SECOND);

  g_assert_true (wait_until (not_connecting, &peers[1]));
  g_assert_true (wait_until (is_connected, &peers[1]));

  peer_clear (&peers[0]);
  peer_clear (&peers[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("CRAPETTE_PROSODY_PORT") == NULL)
    {
      g_test_skip ("run through tests/net/prosody-run.sh, which starts the server");
      return g_test_run ();
    }

  g_test_add_func ("/xmpp/account-and-guest-exchange", test_account_and_guest_exchange);
  g_test_add_func ("/xmpp/same-nickname", test_same_nickname);
  g_test_add_func ("/xmpp/wrong-certificate", test_wrong_certificate);
  g_test_add_func ("/xmpp/wrong-password", test_wrong_password);
  g_test_add_func ("/xmpp/unreachable", test_unreachable);
  g_test_add_func ("/xmpp/connect-times-out", test_connect_times_out);
  g_test_add_func ("/xmpp/bad-line-closes", test_bad_line_closes);
  g_test_add_func ("/xmpp/close-at-once", test_close_at_once);
  g_test_add_func ("/xmpp/sign-in-behind-a-stalled-one", test_sign_in_behind_a_stalled_one);
  g_test_add_func ("/xmpp/server-restart", test_server_restart);
  /* Last: it removes Alice's account. */
  g_test_add_func ("/xmpp/account-removed", test_account_removed);

  return g_test_run ();
}
