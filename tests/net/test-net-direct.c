/* test-net-direct.c: the direct carrier on 127.0.0.1, and two crapette-sim peers over it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host's certificate is made once and kept; lines cross a real TCP + TLS connection in
 * order; a connection cut under both ends by a relay comes back by itself; a guest with
 * another pin is refused; a line of 10 MB closes the host's end; a hostile guest's lines
 * end the host's match as its fault. Then two headless crapette-sim
 * processes play whole rounds of each game and must write the same record, move for move:
 * with the hidden deal (both offer it), where both must also have been shown the same cards
 * and those the record turns up when replayed; and with a guest that offers only the seed
 * deal, as an older program, where both fall back to it.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "crapette-direct-certificate.h"
#include "crapette-direct-transport.h"
#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-net-peer.h"
#include "../folder-test-helpers.h"

#define TIME_LIMIT_US (30 * G_USEC_PER_SEC)

/* The key of the game whose code the players compare. */
static const guint8 test_key[CRAPETTE_NET_KEY_SIZE] = "the key of this game only, 32 b";

static char *folder;

static GTlsCertificate *
host_certificate (void)
{
  g_autofree char *path = g_build_filename (folder, "host.pem", NULL);
  g_autoptr(GError) error = NULL;
  GTlsCertificate *certificate = crapette_direct_certificate_load (path, &error);

  g_assert_no_error (error);
  return certificate;
}

/* One turn of the main loop that never blocks on an idle context, so that the callers'
 * time limits hold even when nothing will ever happen. */
static void
turn_loop (void)
{
  if (!g_main_context_iteration (NULL, FALSE))
    g_usleep (1000);
}

static void
wait_for_state (CrapetteDirectTransport *transport,
                CrapetteTransportState   state)
{
  gint64 start = g_get_monotonic_time ();

  while (crapette_transport_get_state (CRAPETTE_TRANSPORT (transport)) != state)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      turn_loop ();
    }
}

static void
test_certificate_kept (void)
{
  g_autofree char *path = g_build_filename (folder, "kept", "host.pem", NULL);
  g_autoptr(GTlsCertificate) first = crapette_direct_certificate_load (path, NULL);
  g_autoptr(GTlsCertificate) second = crapette_direct_certificate_load (path, NULL);
  g_autofree char *pin = crapette_direct_certificate_get_pin (first);
  g_autofree char *again = crapette_direct_certificate_get_pin (second);
  static const guint8 other_key[CRAPETTE_NET_KEY_SIZE] = "the key of another game, 32 byt";
  g_autofree char *code = crapette_direct_certificate_short_code (pin, test_key);
  g_autofree char *same = crapette_direct_certificate_short_code (again, test_key);
  g_autofree char *other = crapette_direct_certificate_short_code (pin, other_key);
  GStatBuf buf;

  g_assert_nonnull (first);
  g_assert_cmpstr (pin, ==, again);
  g_assert_cmpuint (strlen (pin), ==, 64);
  g_assert_cmpuint (strlen (code), ==, 9);
  g_assert_cmpint (code[4], ==, ' ');
  /* The same game gives both players the same code; another game under the same
   * certificate gives another. */
  g_assert_cmpstr (code, ==, same);
  g_assert_cmpstr (code, !=, other);
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0077, ==, 0);
}

static void
test_address (void)
{
  guint8 key[CRAPETTE_NET_KEY_SIZE], read_key[CRAPETTE_NET_KEY_SIZE];
  const char *pin = "486efd2ef8942ef9d2ccf426d690a0cdc9998730c3bd1723277fb6c186743ccb";
  g_autofree char *address = NULL;
  g_autofree char *address6 = NULL;
  g_autofree char *host = NULL;
  g_autofree char *read_pin = NULL;
  g_autoptr(GError) error = NULL;
  guint16 port;
  const char *wrong[] = { "", "http://127.0.0.1:1/?pin=00&key=00", "crapette-direct://127.0.0.1/",
                          "crapette-direct://127.0.0.1:5/?pin=zz&key=00" };

  memset (key, 7, sizeof key);
  address = crapette_direct_address_format ("127.0.0.1", 4242, pin, key);
  g_assert_true (crapette_direct_address_parse (address, &host, &port, &read_pin, read_key, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (host, ==, "127.0.0.1");
  g_assert_cmpuint (port, ==, 4242);
  g_assert_cmpstr (read_pin, ==, pin);
  g_assert_cmpmem (read_key, sizeof read_key, key, sizeof key);
  g_clear_pointer (&host, g_free);
  g_clear_pointer (&read_pin, g_free);
  address6 = crapette_direct_address_format ("::1", 4242, pin, key);
  g_assert_true (crapette_direct_address_parse (address6, &host, &port, &read_pin, read_key, NULL));
  g_assert_cmpstr (host, ==, "::1");
  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr(GError) refused = NULL;
      char *h = NULL, *p = NULL;

      g_assert_false (crapette_direct_address_parse (wrong[i], &h, &port, &p, read_key, &refused));
      g_assert_error (refused, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
}

static void
on_line_cb (CrapetteTransport *transport,
            const char        *line,
            GPtrArray         *lines)
{
  g_ptr_array_add (lines, g_strdup (line));
}

static void
test_lines (void)
{
  g_autoptr(GTlsCertificate) certificate = host_certificate ();
  g_autofree char *pin = crapette_direct_certificate_get_pin (certificate);
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteDirectTransport) host =
    crapette_direct_transport_listen ("127.0.0.1", 0, certificate, &error);
  g_autoptr(CrapetteDirectTransport) guest = NULL;
  g_autoptr(GPtrArray) at_host = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) at_guest = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *host_code = NULL;
  g_autofree char *guest_code = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_no_error (error);
  g_assert_cmpuint (crapette_direct_transport_get_port (host), >, 0);
  guest = crapette_direct_transport_connect ("127.0.0.1", crapette_direct_transport_get_port (host),
                                             pin);
  g_signal_connect (host, "received", G_CALLBACK (on_line_cb), at_host);
  g_signal_connect (guest, "received", G_CALLBACK (on_line_cb), at_guest);
  wait_for_state (guest, CRAPETTE_TRANSPORT_CONNECTED);
  wait_for_state (host, CRAPETTE_TRANSPORT_CONNECTED);
  host_code = crapette_direct_transport_get_short_code (host, test_key);
  guest_code = crapette_direct_transport_get_short_code (guest, test_key);
  g_assert_cmpstr (host_code, ==, guest_code);

  for (guint i = 0; i < 500; i++)
    {
      g_autofree char *line = g_strdup_printf ("line %u: ♠ → F3", i);

      crapette_transport_send (CRAPETTE_TRANSPORT (guest), line);
      crapette_transport_send (CRAPETTE_TRANSPORT (host), line);
    }
  while (at_host->len < 500 || at_guest->len < 500)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      turn_loop ();
    }
  for (guint i = 0; i < 500; i++)
    {
      g_autofree char *line = g_strdup_printf ("line %u: ♠ → F3", i);

      g_assert_cmpstr (g_ptr_array_index (at_host, i), ==, line);
      g_assert_cmpstr (g_ptr_array_index (at_guest, i), ==, line);
    }

  /* The guest goes: the host waits for it to come back. */
  crapette_transport_close (CRAPETTE_TRANSPORT (guest));
  wait_for_state (host, CRAPETTE_TRANSPORT_RECONNECTING);
}

/* A TCP relay between the guest and the host that the test can cut, as a network would:
 * both sides lose the connection without either closing it. */
typedef struct
{
  GSocketListener *listener;
  guint16 port;
  guint16 host_port;
  GIOStream *from_guest;
  GIOStream *to_host;
  guint connections;
} Relay;

static void
on_relay_accepted (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Relay *relay = data;
  g_autoptr(GSocketConnection) guest =
    g_socket_listener_accept_finish (G_SOCKET_LISTENER (source), result, NULL, NULL);
  g_autoptr(GSocketClient) client = NULL;
  g_autoptr(GSocketConnection) host = NULL;

  if (guest == NULL)
    return;
  client = g_socket_client_new ();
  host = g_socket_client_connect_to_host (client, "127.0.0.1", relay->host_port, NULL, NULL);
  g_assert_nonnull (host);
  g_clear_object (&relay->from_guest);
  g_clear_object (&relay->to_host);
  relay->from_guest = G_IO_STREAM (g_object_ref (guest));
  relay->to_host = G_IO_STREAM (g_object_ref (host));
  relay->connections++;
  g_io_stream_splice_async (relay->from_guest, relay->to_host, G_IO_STREAM_SPLICE_NONE,
                            G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_socket_listener_accept_async (relay->listener, NULL, on_relay_accepted, relay);
}

static void
relay_start (Relay   *relay,
             guint16  host_port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  memset (relay, 0, sizeof *relay);
  relay->host_port = host_port;
  relay->listener = g_socket_listener_new ();
  g_socket_listener_add_address (relay->listener, address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &bound, &error);
  g_assert_no_error (error);
  relay->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_socket_listener_accept_async (relay->listener, NULL, on_relay_accepted, relay);
}

/* Drops the relayed connection at both ends, as a network gone away would. */
static void
relay_cut (Relay *relay)
{
  if (relay->from_guest != NULL)
    g_io_stream_close (relay->from_guest, NULL, NULL);
  if (relay->to_host != NULL)
    g_io_stream_close (relay->to_host, NULL, NULL);
}

static void
relay_stop (Relay *relay)
{
  relay_cut (relay);
  g_socket_listener_close (relay->listener);
  g_clear_object (&relay->listener);
  g_clear_object (&relay->from_guest);
  g_clear_object (&relay->to_host);
}

static void
wait_for_lines (GPtrArray *lines,
                guint      n)
{
  gint64 start = g_get_monotonic_time ();

  while (lines->len < n)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      turn_loop ();
    }
}

/* A connection cut under both ends (neither closes it) and made again: each end says
 * "reconnecting", then the guest comes back by itself and lines flow both ways again. */
static void
test_cut_and_reconnect (void)
{
  g_autoptr(GTlsCertificate) certificate = host_certificate ();
  g_autofree char *pin = crapette_direct_certificate_get_pin (certificate);
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteDirectTransport) host =
    crapette_direct_transport_listen ("127.0.0.1", 0, certificate, &error);
  g_autoptr(CrapetteDirectTransport) guest = NULL;
  g_autoptr(GPtrArray) at_host = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) at_guest = g_ptr_array_new_with_free_func (g_free);
  Relay relay;

  g_assert_no_error (error);
  relay_start (&relay, crapette_direct_transport_get_port (host));
  guest = crapette_direct_transport_connect ("127.0.0.1", relay.port, pin);
  g_signal_connect (host, "received", G_CALLBACK (on_line_cb), at_host);
  g_signal_connect (guest, "received", G_CALLBACK (on_line_cb), at_guest);
  wait_for_state (guest, CRAPETTE_TRANSPORT_CONNECTED);
  wait_for_state (host, CRAPETTE_TRANSPORT_CONNECTED);
  crapette_transport_send (CRAPETTE_TRANSPORT (guest), "before the cut, from the guest");
  crapette_transport_send (CRAPETTE_TRANSPORT (host), "before the cut, from the host");
  wait_for_lines (at_host, 1);
  wait_for_lines (at_guest, 1);

  relay_cut (&relay);
  wait_for_state (guest, CRAPETTE_TRANSPORT_RECONNECTING);
  wait_for_state (host, CRAPETTE_TRANSPORT_RECONNECTING);
  /* The guest tries again every second, through the relay, to a host that waits. */
  wait_for_state (guest, CRAPETTE_TRANSPORT_CONNECTED);
  wait_for_state (host, CRAPETTE_TRANSPORT_CONNECTED);
  g_assert_cmpuint (relay.connections, ==, 2);
  crapette_transport_send (CRAPETTE_TRANSPORT (guest), "after the cut, from the guest");
  crapette_transport_send (CRAPETTE_TRANSPORT (host), "after the cut, from the host");
  wait_for_lines (at_host, 2);
  wait_for_lines (at_guest, 2);
  g_assert_cmpstr (g_ptr_array_index (at_host, 1), ==, "after the cut, from the guest");
  g_assert_cmpstr (g_ptr_array_index (at_guest, 1), ==, "after the cut, from the host");
  relay_stop (&relay);
}

static void
test_wrong_pin (void)
{
  g_autoptr(GTlsCertificate) certificate = host_certificate ();
  g_autoptr(CrapetteDirectTransport) host =
    crapette_direct_transport_listen ("127.0.0.1", 0, certificate, NULL);
  g_autoptr(CrapetteDirectTransport) guest =
    crapette_direct_transport_connect ("127.0.0.1", crapette_direct_transport_get_port (host),
                                       "0000000000000000000000000000000000000000000000000000000000000000");

  wait_for_state (guest, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (strstr (crapette_transport_get_error (CRAPETTE_TRANSPORT (guest)),
                            "certificate does not match"));
  g_assert_cmpint (crapette_transport_get_state (CRAPETTE_TRANSPORT (host)), !=,
                   CRAPETTE_TRANSPORT_CONNECTED);
}

static gboolean
accept_any_cb (GTlsConnection       *connection,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              data)
{
  return TRUE;
}

static void
on_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

/* A TLS client of the test's own, which writes what it likes. */
static GIOStream *
raw_client (guint16 port)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketConnection) connection =
    g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_autoptr(GSocketConnectable) identity = g_network_address_new ("127.0.0.1", port);
  g_autoptr(GAsyncResult) result = NULL;
  GIOStream *tls;
  gint64 start = g_get_monotonic_time ();

  g_assert_no_error (error);
  tls = g_tls_client_connection_new (G_IO_STREAM (connection), identity, &error);
  g_assert_no_error (error);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, NULL,
                                    on_done_cb, &result);
  while (result == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      turn_loop ();
    }
  g_assert_true (g_tls_connection_handshake_finish (G_TLS_CONNECTION (tls), result, &error));
  return tls;
}

static void
raw_write (GIOStream  *stream,
           const void *data,
           gsize       size)
{
  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream), data, size,
                                   G_PRIORITY_DEFAULT, NULL, NULL, NULL);
}

/* Ten megabytes without a newline: the host closes after one line's worth, unread. */
static void
test_huge_line (void)
{
  g_autoptr(GTlsCertificate) certificate = host_certificate ();
  g_autoptr(CrapetteDirectTransport) host =
    crapette_direct_transport_listen ("127.0.0.1", 0, certificate, NULL);
  g_autoptr(GIOStream) raw = raw_client (crapette_direct_transport_get_port (host));
  g_autofree char *huge = g_strnfill (10 * 1024 * 1024, 'm');

  wait_for_state (host, CRAPETTE_TRANSPORT_CONNECTED);
  raw_write (raw, huge, strlen (huge));
  wait_for_state (host, CRAPETTE_TRANSPORT_CLOSED);
  g_assert_nonnull (strstr (crapette_transport_get_error (CRAPETTE_TRANSPORT (host)), "far longer"));
}

static void
wait_for_failure (CrapetteNetPeer *peer)
{
  gint64 start = g_get_monotonic_time ();

  while (crapette_net_peer_get_state (peer) != CRAPETTE_NET_PEER_FAILED)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, TIME_LIMIT_US);
      turn_loop ();
    }
  g_assert_cmpint (crapette_net_peer_get_end_reason (peer), ==, CRAPETTE_NET_END_PEER_FAULT);
}

/* Garbage, then a line under a key of its own: each ends the host's match as the guest's
 * fault, over the real carrier. */
static void
test_hostile_guest (void)
{
  static const guint8 key[CRAPETTE_NET_KEY_SIZE] = "the key of the invitation, 32 b";
  static const guint8 wrong_key[CRAPETTE_NET_KEY_SIZE] = "a key the intruder made up, 32b";

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      g_autoptr(GTlsCertificate) certificate = host_certificate ();
      g_autoptr(CrapetteDirectTransport) host =
        crapette_direct_transport_listen ("127.0.0.1", 0, certificate, NULL);
      g_autoptr(CrapetteSession) session = crapette_session_new (NULL);
      g_autoptr(CrapetteNetPeer) peer =
        crapette_net_peer_new (session, CRAPETTE_TRANSPORT (host), CRAPETTE_NET_ROLE_HOST, key,
                               "Anne");
      g_autoptr(GIOStream) raw = NULL;
      g_autofree char *line = NULL;

      crapette_net_peer_start (peer);
      raw = raw_client (crapette_direct_transport_get_port (host));
      if (attempt == 0)
        line = g_strdup ("\x01\x02 not a message at all\n");
      else
        {
          g_autofree char *sealed = crapette_net_message_seal (wrong_key, CRAPETTE_NET_ROLE_GUEST,
                                                               1, CRAPETTE_NET_HELLO,
                                                               "version=1 role=guest name=M");

          line = g_strconcat (sealed, "\n", NULL);
        }
      raw_write (raw, line, strlen (line));
      wait_for_failure (peer);
      g_assert_nonnull (crapette_net_peer_get_error (peer));
      g_assert_null (crapette_session_get_match (session));
    }
}

/* ---- Two headless peers ---------------------------------------------------------- */

static gboolean
on_time_up_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static void
wait_process (GSubprocess  *process,
              GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_check (process, cancellable, &error))
    {
      g_subprocess_force_exit (process);
      g_assert_no_error (error);
    }
}

/* Runs crapette-sim with @args, its stdout piped; @host_address gets the first line. */
static GSubprocess *
spawn_sim (const char * const *args)
{
  g_autoptr(GError) error = NULL;
  GSubprocess *process = g_subprocess_newv (args, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);

  g_assert_no_error (error);
  return process;
}

static void
on_replay_revealed_cb (CrapetteGame *game,
                       guint         pile,
                       guint         card,
                       GString      *shown)
{
  g_string_append_printf (shown, " %u", card);
}

static int
compare_cards (gconstpointer a,
               gconstpointer b)
{
  return (int) *(const guint *) a - (int) *(const guint *) b;
}

/* Each round of @record, replayed in a game from its start, shows the cards @reveals ("ROUND
 * CARD" lines) says the hidden deal showed, in the same order, after those the record deals
 * face up (in any order): what the keys opened is what the record holds. */
static void
assert_reveals_match_record (const char *record,
                             const char *reveals)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) replay = crapette_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteMatch) match = crapette_match_new_from_record (game, record, -1, &error);
  g_auto(GStrv) lines = g_strsplit (reveals, "\n", -1);
  guint next = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), >, 0);
  for (guint r = 0; r < crapette_match_get_n_finished_rounds (match); r++)
    {
      const CrapetteRound *round = crapette_match_get_finished_round (match, r);
      const CrapettePosition *start = crapette_round_get_start (round);
      CrapetteRound *open = crapette_round_new_from_position (start, FALSE);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autoptr(GString) shown = g_string_new (NULL);
      g_autoptr(GArray) up = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (guint));
      gulong handler;

      g_assert_true (crapette_position_check_invariants (start, NULL));
      for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
        for (guint depth = crapette_position_unknown_count (start, pile);
             depth < start->piles[pile].count; depth++)
          {
            guint card = start->piles[pile].cards[depth];

            g_array_append_val (up, card);
          }
      g_array_sort (up, compare_cards);
      for (guint i = 0; i < up->len; i++)
        g_string_append_printf (expected, " %u", g_array_index (up, guint, i));
      handler = g_signal_connect (replay, "card-revealed", G_CALLBACK (on_replay_revealed_cb),
                                  expected);
      crapette_game_load_round (replay, open);
      crapette_round_free (open);
      for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
        {
          g_assert_true (crapette_game_play (replay, crapette_round_get_move (round, i), &error));
          g_assert_no_error (error);
        }
      g_signal_handler_disconnect (replay, handler);
      /* This round's lines of @reveals, the first up->len sorted as the deal's are. */
      for (; lines[next] != NULL && lines[next][0] != '\0'; next++)
        {
          guint line_round, card;

          g_assert_cmpint (sscanf (lines[next], "%u %u", &line_round, &card), ==, 2);
          if (line_round != r + 1)
            break;
          g_array_append_val (first, card);
        }
      g_assert_cmpuint (first->len, >=, up->len);
      qsort (first->data, up->len, sizeof (guint), compare_cards);
      for (guint i = 0; i < first->len; i++)
        g_string_append_printf (shown, " %u", g_array_index (first, guint, i));
      g_assert_cmpstr (shown->str, ==, expected->str);
    }
  g_assert_true (lines[next] == NULL || lines[next][0] == '\0');
}

typedef struct
{
  const char *variant;
  gboolean guest_seed_deal;         /* the guest offers only the seed deal */
  gboolean called;                  /* mistakes called: both call "Stop!" */
} SimCase;

/* How many "Stop!" calls the moves of @record hold. */
static guint
count_stops (const char *record)
{
  guint n = 0;

  for (const char *at = record; (at = strstr (at, ": stop\n")) != NULL; at++)
    if (at - record >= 2 && at[-2] == '\n' && (at[-1] == 'S' || at[-1] == 'N'))
      n++;
  return n;
}

/* The "calls: N back: M" line crapette-sim prints at the end with mistakes called: the
 * calls played, those made less those sent back with their round over. */
static guint
read_calls_played (const char *output)
{
  const char *line = strstr (output, "\ncalls: ");
  guint calls, back;

  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "\ncalls: %u back: %u", &calls, &back), ==, 2);
  g_assert_cmpuint (back, <=, calls);
  return calls - back;
}

static void
test_sim_peers (gconstpointer data)
{
  const SimCase *sim_case = data;
  const char *variant = sim_case->variant;
  const char *sim = g_getenv ("CRAPETTE_SIM");
  g_autofree char *host_record = g_build_filename (folder, "host.crapette", NULL);
  g_autofree char *guest_record = g_build_filename (folder, "guest.crapette", NULL);
  g_autofree char *certificate = g_build_filename (folder, "sim.pem", NULL);
  g_autofree char *guest_times = g_build_filename (folder, "guest.times", NULL);
  g_autofree char *host_reveals = g_build_filename (folder, "host.reveals", NULL);
  g_autofree char *guest_reveals = g_build_filename (folder, "guest.reveals", NULL);
  g_autofree char *host_reveals_text = NULL;
  g_autofree char *guest_reveals_text = NULL;
  g_autofree char *host_rest = NULL;
  g_autofree char *guest_rest = NULL;
  g_autofree char *times_text = NULL;
  g_autofree char *address = NULL;
  g_autofree char *host_text = NULL;
  g_autofree char *guest_text = NULL;
  g_autoptr(GSubprocess) host = NULL;
  g_autoptr(GSubprocess) guest = NULL;
  g_autoptr(GDataInputStream) host_out = NULL;
  g_autoptr(GDataInputStream) guest_out = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  guint timer;

  if (sim == NULL)
    {
      g_test_skip ("CRAPETTE_SIM names no crapette-sim");
      return;
    }
  {
    const char *args[] = { sim, "--host", "127.0.0.1:0", "--variant", variant,
                           "--players", "medium", "--games", "3", "--seed", "11",
                           "--name", "Anne", "--record", host_record,
                           "--certificate", certificate, "--time-limit", "100",
                           "--reveals", host_reveals,
                           sim_case->called ? "--mistakes" : NULL, "called", NULL };

    host = spawn_sim (args);
  }
  host_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (host));
  address = g_data_input_stream_read_line_utf8 (host_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (address, "crapette-direct://127.0.0.1:"));
  {
    const char *args[] = { sim, "--join", address, "--variant", variant,
                           "--players", "easy", "--games", "3", "--seed", "12",
                           "--name", "Boris", "--record", guest_record, "--time-limit", "100",
                           "--line-times", guest_times, "--reveals", guest_reveals,
                           sim_case->guest_seed_deal ? "--seed-deal" : NULL, NULL };

    guest = spawn_sim (args);
  }
  timer = g_timeout_add_seconds (110, on_time_up_cb, cancellable);
  wait_process (guest, cancellable);
  wait_process (host, cancellable);
  g_source_remove (timer);
  host_rest = g_data_input_stream_read_upto (host_out, "", 0, NULL, NULL, &error);
  g_assert_no_error (error);
  guest_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (guest));
  guest_rest = g_data_input_stream_read_upto (guest_out, "", 0, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (host_record, &host_text, NULL, NULL));
  g_assert_true (g_file_get_contents (guest_record, &guest_text, NULL, NULL));
  g_assert_cmpstr (host_text, ==, guest_text);
  g_assert_nonnull (strstr (host_text, "South: Anne\nNorth: Boris\n"));
  g_assert_nonnull (strstr (host_text, "# Result:"));
  /* Mistakes called: every call either made is in the record, played at both tables, unless
   * it came back because its round had ended over there (crapette-sim ends with an error if
   * one comes back with its round in play, as a call reaching a card that waits for its key
   * did). */
  if (sim_case->called)
    {
      guint calls = read_calls_played (host_rest) + read_calls_played (guest_rest);

      g_test_message ("%u calls, %u stops in the record", calls, count_stops (host_text));
      g_assert_nonnull (strstr (host_text, "mistakes=called"));
      g_assert_cmpuint (calls, >, 0);
      g_assert_cmpuint (count_stops (host_text), ==, calls);
    }
  else
    g_assert_null (strstr (host_rest, "\ncalls: "));
  /* --line-times: the guest's own moves played, and the host's first move of round 1 (the
   * host or the guest may open; both play in three rounds) arrived, each with a time. */
  g_assert_true (g_file_get_contents (guest_times, &times_text, NULL, NULL));
  g_assert_true (g_str_has_prefix (times_text, "p 1 0 ") || g_str_has_prefix (times_text, "r 1 0 "));
  g_assert_nonnull (strstr (times_text, "\np "));
  g_assert_nonnull (strstr (times_text, "\nr "));
  /* The deal both agreed on, and what its keys showed at each table. */
  g_assert_nonnull (strstr (host_rest, sim_case->guest_seed_deal ? "\ndeal: seed\n"
                                                                  : "\ndeal: hidden\n"));
  g_assert_true (g_file_get_contents (host_reveals, &host_reveals_text, NULL, NULL));
  g_assert_true (g_file_get_contents (guest_reveals, &guest_reveals_text, NULL, NULL));
  g_assert_cmpstr (host_reveals_text, ==, guest_reveals_text);
  if (sim_case->guest_seed_deal)
    g_assert_cmpstr (host_reveals_text, ==, "");
  else
    {
      assert_reveals_match_record (host_text, host_reveals_text);
    }
  g_unlink (host_record);
  g_unlink (guest_record);
  g_unlink (guest_times);
  g_unlink (host_reveals);
  g_unlink (guest_reveals);
}

static const SimCase sim_russian = { "russian", FALSE, FALSE };
static const SimCase sim_american = { "american", FALSE, FALSE };
static const SimCase sim_seed_deal = { "american", TRUE, FALSE };
static const SimCase sim_called = { "russian", FALSE, TRUE };

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  folder = folder_test_new_for_program ("crapette-net-XXXXXX");

  g_test_add_func ("/net/direct/certificate-kept", test_certificate_kept);
  g_test_add_func ("/net/direct/address", test_address);
  g_test_add_func ("/net/direct/lines", test_lines);
  g_test_add_func ("/net/direct/cut-and-reconnect", test_cut_and_reconnect);
  g_test_add_func ("/net/direct/wrong-pin", test_wrong_pin);
  g_test_add_func ("/net/direct/huge-line", test_huge_line);
  g_test_add_func ("/net/direct/hostile-guest", test_hostile_guest);
  g_test_add_data_func ("/net/direct/sim-hidden-russian", &sim_russian, test_sim_peers);
  g_test_add_data_func ("/net/direct/sim-hidden-american", &sim_american, test_sim_peers);
  g_test_add_data_func ("/net/direct/sim-older-guest", &sim_seed_deal, test_sim_peers);
  g_test_add_data_func ("/net/direct/sim-hidden-stop", &sim_called, test_sim_peers);
  status = g_test_run ();
  g_free (folder);
  return status;
}
